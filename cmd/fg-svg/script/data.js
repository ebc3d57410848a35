// SPDX-License-Identifier: ISC
// fg-svg's embedded script: zoom, search, views, details. A frame is a
// <rect> with its <title> inside (and a <text> after it when a label
// fits): one layout object per frame. Frames are read
// once into arrays from the counts in each frame's d attribute ("depth
// start total self [tb fb ta fa]", base 36); a zoom is one transform on
// the view's group, or for a small subtree a copy of it in an overlay
// layer that leaves the view as it is, and a layer of labels for the
// frames wide enough (see zoom() and overlay()). Labels are fitted with the font width estimate fg-svg uses, so
// nothing is measured in the DOM.
//
// The script is one function whose body is cut by concern into the pieces
// of this folder, joined in the Makefile's order (SVG_JS) into script.c:
// data.js (this one: the page's figures and the views' frames), zoom.js,
// details.js, head.js, search.js, views.js and nav.js. Lines that are only
// a comment are left out of what is embedded. Each piece names the state it
// shares with the others: the variables it reads and writes that another
// declares, those it declares that another uses, and the others' functions
// it calls.
// Reads: NS, W0.
// Declares, for the others: W, astral, aword, bword, cden, chw, cost,
//   countname, cur, details, drift, factor, floor, grey, ic, icbtn, isdiff,
//   mdcp, origin,
//   matched, mode, nametype, searchbtn, started, svg, tchange, term,
//   unzoombtn, views, xpad, zcrit, zoomed.
// Calls: exact, fmt, mk.
"use strict";
(function () {
	var svg = document.documentElement;
	function num(a, d) {
		var v = parseFloat(svg.getAttribute(a));
		return isNaN(v) ? d : v;
	}
	var W = num("data-w", 1200), xpad = num("data-xpad", 10);
	var chw = num("data-fs", 12) * num("data-fw", 0.59);
	var factor = num("data-factor", 1), tchange = num("data-tc", 0);
	var isdiff = svg.getAttribute("data-diff") === "1";
	// comparison mode (fg-top(1), STATISTICS) and drift taken out
	var mode = svg.getAttribute("data-mode") || "absolute";
	var drift = num("data-drift", 1), grey = svg.getAttribute("data-grey");
	var floor = num("data-floor", 0), zcrit = num("data-z", 0);
	// the verdict's test: |z| of the detectable change, samples per count
	// each side, dispersion (data-mdc); or the origin of untested counts
	var mdcp = (svg.getAttribute("data-mdc") || "").split(" ").map(Number);
	var origin = svg.getAttribute("data-origin") || "sampled";
	// --cost: the profile's yearly cost; diff: the totals a change is a share of
	var cost = num("data-cost", 0);
	var cden = (svg.getAttribute("data-cden") || "0 0").split(" ").map(Number);
	// --negate: the baseline seen from the current profile, as the colours
	// and the headline are: each frame's sides are swapped when read
	var negate = svg.getAttribute("data-negate") === "1";
	var bword = negate ? "current " : "before ";
	var aword = negate ? "baseline " : "after ";
	var nametype = svg.getAttribute("data-nt") || "";
	var countname = svg.getAttribute("data-cn") || "";
	function $(id) { return document.getElementById(id); }
	var details = $("details").firstChild, matched = $("matched").firstChild;
	var unzoombtn = $("unzoom"), searchbtn = $("search"), icbtn = $("ignorecase");
	var views = [], cur = null, zoomed = null, term = null, ic = false;
	var started = false;
	var astral = /[\uD800-\uDFFF]/;

	function View(g, i) {
		this.g = g;
		this.i = i;
		this.f = null;
		this.btn = $("vb" + i);
		this.L = null;
		this.lab = [];
		this.drawn = [];
		this.rel = [];
		this.tf = "";
		this.rh = 0;
	}
	// the first view's frames are in the markup: read them once
	function load(v) {
		var ch = v.g.children, f = [], i, e, d, t, k, up = [], fr;
		var col = +v.g.getAttribute("data-col");
		for (i = 0; i < ch.length; i++) {
			e = ch[i];
			if (!e.hasAttribute("d"))
				continue;
			d = e.getAttribute("d").split(" ").map(b36);
			t = e.firstChild.textContent;
			k = t.lastIndexOf(" (");
			fr = frame(e, e, d, 0, d.length, col,
			    k >= 0 ? t.slice(0, k) : t);
			fr.x0 = fr.r.getAttribute("x");
			fr.y0 = fr.r.getAttribute("y");
			up[fr.depth] = fr;
			fr.up = fr.depth > 0 ? up[fr.depth - 1] : null;
			e.fgi = f.length;
			f.push(fr);
		}
		v.f = f;
		v.rh = f.length ? +f[0].r.getAttribute("height") : 0;
	}
	function swapsides(fr) {
		var t = fr.tb;
		fr.tb = fr.ta;
		fr.ta = t;
		t = fr.fb;
		fr.fb = fr.fa;
		fr.fa = t;
	}
	// d[j..j+n): "depth start width self [tb fb ta fa]"; in a diff width
	// and self are left out when they are the view's before or after
	// counts (col: 0 before, 1 after)
	function frame(e, r, d, j, n, col, name) {
		var c = isdiff ? j + n - 4 : j + 4, fr = {
			e: e, r: r, t: null, lab: "",
			depth: +d[j], s: +d[j + 1], w: +d[j + 2], self: +d[j + 3],
			tb: +d[c], fb: +d[c + 1], ta: +d[c + 2], fa: +d[c + 3],
			name: name, hid: false, par: false, hl: false, ex: false,
			pe: false, c: null,
			fill: r.getAttribute("fill")
		};
		if (isdiff && n === 6) {
			fr.w = col ? fr.ta : fr.tb;
			fr.self = col ? fr.fa : fr.fb;
		}
		if (negate)
			swapsides(fr);
		if (fr.depth === 0)
			fr.name = "all";
		return fr;
	}
	// x as fg-svg writes it: one decimal, no trailing ".0"
	function fix1(x) {
		return String(Math.round(x * 10) / 10);
	}
	// the other views are data (fg-svg's out_views): the names and fills
	// tables, read once, and a line per frame, drawn on first use
	var tables = null;
	function readtables() {
		var a = $("fdn").textContent.split("\n"), n = a[0].split(" ");
		tables = { names: a.slice(1, +n[0] + 1),
		    fills: a.slice(+n[0] + 1, +n[0] + 1 + +n[1]) };
	}
	// numbers in the data: base 36, or "~" and a decimal
	function b36(t) {
		return t.charAt(0) === "~" ? +t.slice(1) : parseInt(t, 36);
	}
	function build(v) {
		var a = $("fd" + v.i).textContent.split("\n");
		var f = [], up = [], i, d, e, r, fr, ti;
		var y0 = +v.g.getAttribute("data-y0"), dy = +v.g.getAttribute("data-dy");
		var rh = v.g.getAttribute("data-rh"), nd = isdiff ? 8 : 6;
		var col = +v.g.getAttribute("data-col");
		var frag = document.createDocumentFragment(), wpt = 0;
		if (!tables)
			readtables();
		for (i = 0; i < a.length; i++) {
			d = a[i].split(" ").map(b36);
			if (d.length < nd)
				continue;
			e = r = document.createElementNS(NS, "rect");
			ti = mk("title", r);
			r.setAttribute("fill", "#" + tables.fills[d[1]]);
			fr = frame(e, r, d, 2, d.length - 2, col,
			    tables.names[d[0]]);
			fr.up = fr.depth > 0 ? up[fr.depth - 1] : null;
			if (fr.up)
				fr.s += fr.up.s;
			if (f.length === 0)
				wpt = fr.w > 0 ? (W0 - 2 * xpad) / fr.w : 0;
			fr.x0 = fix1(xpad + fr.s * wpt);
			fr.y0 = fix1(y0 + dy * fr.depth);
			exact(fr, wpt);
			r.setAttribute("y", fr.y0);
			r.setAttribute("height", rh);
			ti.textContent = fr.name + " (" + fmt(fr.w) + " " +
			    countname + ")";
			up[fr.depth] = fr;
			e.fgi = f.length;
			f.push(fr);
			frag.appendChild(e);
		}
		v.g.appendChild(frag);
		v.f = f;
		v.rh = +rh;
	}
	// white or black text, whichever contrasts more (label_ink, flow.c)
	function lin(c) {
		c /= 255;
		return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
	}
	var inks = {};
	function ink(fill) {
		var c = parseInt(fill.slice(1), 16), l;
		if (inks[fill] !== undefined)
			return inks[fill];
		l = 0.2126 * lin(c >> 16 & 255) + 0.7152 * lin(c >> 8 & 255) +
		    0.0722 * lin(c & 255);
		return (inks[fill] = (l + 0.05) / 0.05 < 1.05 / (l + 0.05));
	}
