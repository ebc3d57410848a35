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
	// white or black text, whichever contrasts more (fg_color_ink)
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
	function label(name, w) {
		var n = Math.floor(w / chw), a;
		if (n < 3)
			return "";
		if (astral.test(name)) {
			a = Array.from(name);
			return a.length <= n ? name : a.slice(0, n - 2).join("") + "..";
		}
		return name.length <= n ? name : name.slice(0, n - 2) + "..";
	}

	// A zoom is one transform on the view's group: x' = a x + b maps the
	// frames' x as drawn at the first width (xpad + start * wpt) to where
	// they are now, and the clip of #frames cuts what falls outside; the
	// frames outside the zoomed subtree land off the page, so no frame is
	// hidden one by one. Labels are not scaled: the frames' own texts
	// (for readers without the script) are hidden and the labels of the
	// frames wide enough for one are drawn in a layer of their own, only
	// those, at their place now. The file keeps x to 0.1 px; when that
	// error grows beyond 0.1 px on the page the frames shown and those next
	// to the zoomed one get their exact x and width written, once. Beyond
	// a scale of 500 the page's single-precision floats cannot place a
	// frame from its x in the file (the shift alone is millions of
	// pixels): a far zoom moves the whole view, unscaled, right of the
	// page (x' = x + 2W) and writes the shown frames' x (less 2W) and
	// width as they are on the page, put back when they are shown no more
	// (scaled by millions, they were drawn up to 10 px off). The clip is written only when
	// the width changes: any write to it draws every frame again.
	var serial = 0, clip = null, labdirty = false;
	// The labels of a zoom: those of the frames shown wide enough, listed
	// by show() (v.lab) and drawn at once by drawlabels(): a row of frames
	// is one <text> with a <tspan> at each label's x (Blink lays out and
	// paints a text element at a cost of its own: one per row took a
	// third off the labels' layout at a zoom), but for the labels of the
	// zoomed frame's ancestors and of search matches, each a <text> of its
	// own (class parent or m, as the rules of the page style them). fr.t
	// is a frame's label while it has one.
	function labelof(fr, tag) {
		var t = document.createElementNS(NS, tag);
		if (/^#[0-9a-fA-F]{6}$/.test(fr.fill)) {
			t.setAttribute("data-f", fr.fill.slice(1).toLowerCase());
			if (ink(fr.fill))
				t.setAttribute("style", "fill:#fff");
		}
		t.setAttribute("x", (fr.lx + 3).toFixed(1));
		t.textContent = fr.lab;
		fr.t = t;
		return t;
	}
	function drawlabels(v) {
		var i, fr, t, y, rows = {};
		var frag = document.createDocumentFragment();
		for (i = 0; i < v.drawn.length; i++)
			v.drawn[i].t = null;
		for (i = 0; i < v.lab.length; i++) {
			fr = v.lab[i];
			y = (+fr.y0 + v.rh / 2 + 3).toFixed(1);
			if (fr.par || fr.hl) {
				t = labelof(fr, "text");
				t.setAttribute("y", y);
				t.setAttribute("class", fr.hl ? "m" : "parent");
				frag.appendChild(t);
				continue;
			}
			if (!rows[y]) {
				rows[y] = document.createElementNS(NS, "text");
				rows[y].setAttribute("y", y);
				frag.appendChild(rows[y]);
			}
			rows[y].appendChild(labelof(fr, "tspan"));
		}
		v.L.textContent = "";
		v.L.appendChild(frag);
		v.drawn = v.lab;
		labdirty = false;
	}
	function relabel(v, fr, x, w) {
		var l = label(fr.name, w);
		if (l === "")
			return;
		fr.lab = l;
		fr.lx = x;
		v.lab.push(fr);
	}
	function exact(fr, wpt) {
		fr.r.setAttribute("x", String(xpad + fr.s * wpt));
		fr.r.setAttribute("width", String(fr.w * wpt));
		fr.ex = true;
		fr.rel = false;
	}
	// a frame outside the zoomed one but next to it: drawn rounded, it
	// could reach into the zoomed one's place
	function edge(fr, s0, t0, tol, wpt) {
		if (Math.abs(fr.s + fr.w - s0) < tol ||
		    Math.abs(fr.s - s0 - t0) < tol)
			exact(fr, wpt);
	}
	function setparent(fr, par, ov) {
		var pe = par && !ov;
		fr.par = par;
		if (fr.pe === pe)
			return;
		if (pe)
			fr.e.classList.add("parent");
		else
			fr.e.classList.remove("parent");
		fr.pe = pe;
	}
	function setclip() {
		var d;
		if (clip && +clip.getAttribute("width") === W - 2 * xpad)
			return;
		if (!clip) {
			d = mk("defs", svg);
			d = mk("clipPath", d);
			d.id = "fgclip";
			clip = mk("rect", d);
			clip.setAttribute("y", 0);
			clip.setAttribute("height", 1e6);
			$("frames").setAttribute("clip-path", "url(#fgclip)");
		}
		clip.setAttribute("x", xpad);
		clip.setAttribute("width", W - 2 * xpad);
	}
	// a frame shown at x, w on the page: drawn exactly where the rounding
	// of the markup would show, relative to the far origin in a far zoom;
	// labelled when wide enough
	function show(v, fr, x, w, q) {
		if (q.ov) {
			fr.ox = x;
			fr.ow = w;
		} else if (q.far) {
			fr.r.setAttribute("x", String(x - q.o));
			fr.r.setAttribute("width", String(w));
			if (!fr.rel)
				v.rel.push(fr);
			fr.rel = true;
			fr.ex = false;
			fr.rs = serial;
		} else if (q.fine && !fr.ex)
			exact(fr, q.wpt);
		if (w >= 3 * chw)
			relabel(v, fr, x, w);
	}
	// frames drawn relative to a far zoom's origin and not shown by this
	// zoom go back to their place
	function unfar(v, q) {
		var i, fr, keep = [];
		for (i = 0; i < v.rel.length; i++) {
			fr = v.rel[i];
			if (!fr.rel)
				continue;
			if (q.far && fr.rs === serial)
				keep.push(fr);
			else
				exact(fr, q.wpt);
		}
		v.rel = keep;
	}
	// A zoom into a small subtree (a third of the view's frames or fewer)
	// writes nothing to the view: the subtree and its ancestors are drawn
	// in an overlay over a background that hides the view. Blink paints
	// every element of an SVG again when anything in it changes (it culls
	// nothing), so a zoom that writes to the view costs the whole view;
	// the overlay is a layer of its own (a composited foreignObject
	// holding an <svg>), where a zoom costs its own frames and the view's
	// paint is reused. The labels and the Reset Zoom button are in that
	// layer for the same reason. fr.c is a frame's copy in the overlay;
	// the page's rules for #frames are copied for .fgz, its frames.
	// What remains is a floor: any change in the overlay still has Blink
	// walk the page's layer, every frame of the view, for its cached
	// paint (25-27 ms on a 91k-node file for one empty <rect> added), and
	// hiding the view to spare that walk costs more than it saves (style
	// for visibility, layout for display, a full paint to bring it back).
	var ovl = null;
	function subend(f, z) {
		var i = z.e.fgi + 1;
		while (i < f.length && f[i].depth > z.depth)
			i++;
		return i;
	}
	function ovrules() {
		var out = [], i, k, r, sh = document.styleSheets;
		for (i = 0; i < sh.length; i++) {
			try {
				r = sh[i].cssRules;
			} catch (err) {
				continue;
			}
			for (k = 0; k < r.length; k++)
				if (r[k].selectorText &&
				    r[k].selectorText.indexOf("#frames") >= 0)
					out.push(r[k].cssText.replace(/#frames/g, ".fgz"));
		}
		out.push(".fgz rect,#unzoom{pointer-events:auto}");
		mk("style", svg).textContent = out.join("\n");
	}
	function ovmake() {
		var fo = document.createElementNS(NS, "foreignObject"), d, s;
		d = document.createElementNS("http://www.w3.org/1999/xhtml",
		    "div");
		d.style.transform = "translateZ(0)";
		fo.style.pointerEvents = "none";
		s = document.createElementNS(NS, "svg");
		s.style.display = "block";
		fo.appendChild(d);
		d.appendChild(s);
		svg.insertBefore(fo, $("frames").nextSibling);
		ovl = { fo: fo, s: s, bg: mk("rect", s), g: mk("g", s), list: [],
		    grad: null, w: 0, h: 0 };
		ovl.g.setAttribute("class", "fgz");
		ovl.g = mk("g", ovl.g);
		ovl.bg.setAttribute("display", "none");
		s.appendChild(unzoombtn);
		ovrules();
	}
	// the overlay at the page's size, written only when that changes: a
	// write to the foreignObject's size has the page's layer, and so every
	// frame of the view, painted again
	function ovsize() {
		if (ovl.w === W && ovl.h === H)
			return;
		ovl.fo.setAttribute("width", W);
		ovl.fo.setAttribute("height", H);
		ovl.s.setAttribute("width", W);
		ovl.s.setAttribute("height", H);
		ovl.s.setAttribute("viewBox", "0 0 " + W + " " + H);
		ovl.w = W;
		ovl.h = H;
	}
	// the background over the view's rows: the page's, its gradient
	// drawn over the whole page as the page's is
	function ovback(v) {
		var f = bg.getAttribute("fill") || "#fff", m, g = ovl.grad, i, y;
		m = /^url\(#(.*)\)$/.exec(f);
		if (m && $(m[1]) && !g) {
			g = ovl.grad = $(m[1]).cloneNode(true);
			g.id = "fgovbg";
			g.setAttribute("gradientUnits", "userSpaceOnUse");
			mk("defs", ovl.s).appendChild(g);
		}
		if (g)
			g.setAttribute("y2", H);
		if (v.top === undefined)
			for (i = 0, v.top = Infinity, v.bot = -Infinity;
			    i < v.f.length; i++) {
				y = +v.f[i].y0;
				v.top = Math.min(v.top, y);
				v.bot = Math.max(v.bot, y + v.rh);
			}
		ovl.bg.setAttribute("fill", g ? "url(#fgovbg)" : f);
		ovl.bg.setAttribute("x", xpad);
		ovl.bg.setAttribute("width", W - 2 * xpad);
		ovl.bg.setAttribute("y", v.top + hdy);
		ovl.bg.setAttribute("height", v.bot - v.top);
	}
	// A frame's copy: a <rect> with the frame's place, fill and classes.
	// Its name is not written: the details line and the tip show it, and
	// tabto() names a copy for screen readers when Tab reaches it. (A zoom
	// into 1,700 frames spent a third of its script making each copy
	// whole, with its <title>: three nodes and nine calls into the page
	// each where this makes one and six.)
	function ovrect(fr, v) {
		var r = document.createElementNS(NS, "rect");
		var c = (fr.par ? "parent" : "") + (fr.hl ? " m" : "");
		r.setAttribute("x", fr.ox);
		r.setAttribute("width", fr.ow);
		r.setAttribute("y", +fr.y0 + hdy);
		r.setAttribute("height", v.rh);
		r.setAttribute("fill", fr.fill);
		if (c !== "")
			r.setAttribute("class", c);
		r.fgi = fr.e.fgi;
		fr.c = r;
		ovl.list.push(fr);
		return r;
	}
	// the overlay of a zoom into z (null: none), the page's size
	function overlay(v, z) {
		var i, f = v.f, frag = document.createDocumentFragment(), n, a;
		if (!ovl && !z)
			return;
		if (!ovl)
			ovmake();
		ovsize();
		for (i = 0; i < ovl.list.length; i++)
			ovl.list[i].c = null;
		ovl.list = [];
		ovl.g.textContent = "";
		if (!z) {
			ovl.bg.setAttribute("display", "none");
			return;
		}
		ovback(v);
		for (a = z.up; a; a = a.up)
			frag.appendChild(ovrect(a, v));
		for (i = z.e.fgi, n = subend(f, z); i < n; i++)
			frag.appendChild(ovrect(f[i], v));
		ovl.g.appendChild(frag);
		ovl.bg.removeAttribute("display");
	}
	function zoom(z, nopush) {
		var v = cur, f = v.f, i, fr, s0 = z.s, t0 = z.w, d0 = z.depth;
		var was = zoomed, wpt = f[0].w > 0 ? (W0 - 2 * xpad) / f[0].w : 0;
		var k = (W - 2 * xpad) / t0, eps = t0 * 1e-9, zm = d0 > 0;
		var a = wpt > 0 ? k / wpt : 1, tf;
		var q = { a: a, wpt: wpt, fine: a > 2, far: a > 500, o: 2 * W,
		    ov: zm && 3 * (subend(f, z) - z.e.fgi) <= f.length };
		var tol = wpt > 0 ? 0.15 / wpt : 0, edges = q.fine && !q.far;
		tf = q.far ? "matrix(1,0,0,1," + q.o + ",0)" : "matrix(" + a +
		    ",0,0,1," + (xpad - (xpad + s0 * wpt) * a) + ",0)";
		if (!q.ov)
			setclip();
		serial++;
		v.lab = [];
		for (i = 0; i < f.length; i++) {
			fr = f[i];
			if (fr.depth < d0) {
				fr.hid = !(fr.s <= s0 + eps && fr.s + fr.w >= s0 + t0 - eps);
				setparent(fr, !fr.hid, q.ov);
			} else {
				fr.hid = !(fr.s >= s0 - eps && fr.s + fr.w <= s0 + t0 + eps &&
				    (fr.depth > d0 || fr === z));
				setparent(fr, false, q.ov);
			}
			if (fr.hid) {
				if (edges && !fr.ex && !q.ov)
					edge(fr, s0, t0, tol, wpt);
			} else if (fr.depth < d0)
				show(v, fr, xpad, W - 2 * xpad, q);
			else
				show(v, fr, xpad + (fr.s - s0) * k, fr.w * k, q);
		}
		overlay(v, q.ov ? z : null);
		retab(z);
		if (!q.ov)
			unfar(v, q);
		if (tf !== v.tf && !q.ov) {
			v.g.setAttribute("transform", tf);
			v.tf = tf;
		}
		zoomed = zm ? z : null;
		if (zoomed)
			unzoombtn.classList.remove("hide");
		else
			unzoombtn.classList.add("hide");
		labdirty = true;
		search();
		seturl(!nopush && zoomed !== was);
	}
	function root() {
		return cur.f[0];
	}
	function zroot() {
		return zoomed || root();
	}

	// numbers
	function fmt(v) {
		v *= factor;
		var a = Math.abs(v), s;
		s = a === Math.floor(a) ? String(a) : a.toFixed(2);
		var p = s.split("."), q = p[0].replace(/\B(?=(\d{3})+(?!\d))/g, ",");
		return (v < 0 ? "-" : "") + q + (p.length > 1 ? "." + p[1] : "");
	}
	function pct(a, b) {
		return b > 0 ? (100 * a / b).toFixed(2) + "%" : "-";
	}
	function signed(v) {
		return (v > 0 ? "+" : "") + fmt(v);
	}
	// a frame's change in points of the total, in the mode in force
	function points(fr) {
		var r = root(), p;
		if (!(r.tb > 0))
			return "";
		p = mode === "proportional" ?
		    (r.ta > 0 ? fr.ta / r.ta : 0) - fr.tb / r.tb :
		    (fr.ta / drift - fr.tb) / r.tb;
		p = Math.abs(p) < 0.00005 ? 0 : p;
		return ", " + (p > 0 ? "+" : "") + (100 * p).toFixed(2) +
		    " points " + mode;
	}
	function commas(s) {
		return s.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
	}
	function money(v) {
		var a = Math.abs(v);
		return (v < 0 ? "-" : "") + (a >= 100 ? commas(String(Math.round(a))) :
		    a.toFixed(2)) + "/yr";
	}
	function share(c, t) {
		return t > 0 ? c / t : 0;
	}
	function costinfo(fr) {
		var s = "; cost " + money(cost * share(fr.w, root().w)), d;
		if (isdiff) {
			d = cost * (share(fr.ta, cden[1]) - share(fr.tb, cden[0]));
			s += ", change " + (d > 0 ? "+" : "") + money(d);
		}
		return s;
	}
	// What a hovered frame holds, numbers first: [name, numbers].
	function info(fr) {
		var z = zroot(), rel = zoomed ? " of zoomed" : "", s, d, r = root();
		if (zoomed && fr.depth < z.depth)
			s = fmt(fr.w) + " " + countname + " (" + pct(fr.w, r.w) +
			    " of all; holds the zoomed frame)";
		else {
			s = fmt(fr.w) + " " + countname + " (" + pct(fr.w, z.w) + rel;
			if (zoomed)
				s += ", " + pct(fr.w, r.w) + " of all";
			s += "), self " + fmt(fr.self) + " (" + pct(fr.self, z.w) + ")";
		}
		if (isdiff) {
			d = fr.ta - fr.tb;
			s += "; " + bword + fmt(fr.tb) + ", " + aword + fmt(fr.ta) +
			    ", delta " + signed(d) + " (" +
			    (fr.tb > 0 ? (d > 0 ? "+" : "") + pct(d, fr.tb) :
			    "new") + ")" + points(fr);
			if (tchange > 0)
				s += ", " + pct(Math.abs(d), tchange) +
				    " of total change";
			s += "; share " + pct(fr.tb, r.tb) + " \u2192 " +
			    pct(fr.ta, mode === "proportional" ? r.ta : r.tb);
			if (fr.fill === grey && d !== 0 && fr.depth > 0)
				s += "; grey: " + (zcrit > 0 ? "within noise" +
				    (floor > 0 ? " or under " + floor + " points" : "") :
				    "under " + floor + " points");
		}
		if (cost > 0)
			s += costinfo(fr);
		return [nametype + " " + fr.name, s];
	}
	// s cut in the middle to n characters
	function midcut(s, n) {
		var a = Array.from(s), h;
		if (a.length <= n)
			return s;
		if (n < 5)
			return a.slice(0, n).join("");
		h = Math.floor((n - 1) / 2);
		return a.slice(0, h).join("") + "\u2026" +
		    a.slice(a.length - (n - 1 - h)).join("");
	}
	// numbers first, then the name cut in the middle; when the numbers
	// leave under 12 characters of the name (a narrow page) the line is
	// the numbers alone, cut in the middle to fit, and nothing when the
	// search's report leaves under 12 characters (mroom, matchfit): the
	// tip beside the frame (showtip) then carries them whole, wrapped
	function detailline(fr) {
		var t = info(fr), m = Math.floor((W - 2 * xpad - mroom) / chw),
		    n = m - t[1].length - 3;
		if (m < 12)
			return " ";
		if (n < 12)
			return midcut(t[1], Math.max(m, 12));
		return t[1] + " \u00b7 " + midcut(t[0], n);
	}

	// the details beside the pointer: name, then numbers
	var NS = "http://www.w3.org/2000/svg", tip = null;
	function mk(name, parent) {
		var e = document.createElementNS(NS, name);
		parent.appendChild(e);
		return e;
	}
	// the tip: the name cut in the middle on its first line, the numbers
	// whole, wrapped to the page's width on the lines under it
	function showtip(fr, ev) {
		var t = info(fr), n = Math.floor((W - 2 * xpad - 8) / chw), w, x, y;
		var pt = svg.createSVGPoint(), m = svg.getScreenCTM(), i, h;
		var lines = [midcut(t[0], n)].concat(wrap(t[1], n));
		if (!tip) {
			tip = mk("g", svg);
			tip.id = "tip";
			tip.r = mk("rect", tip);
			tip.t = [];
		}
		while (tip.t.length < lines.length)
			tip.t.push(mk("text", tip));
		w = 0;
		for (i = 0; i < tip.t.length; i++) {
			tip.t[i].textContent = i < lines.length ? lines[i] : "";
			w = Math.max(w, Array.from(tip.t[i].textContent).length);
		}
		w = w * chw + 8;
		h = 16 * lines.length + 4;
		pt.x = ev.clientX;
		pt.y = ev.clientY;
		if (m)
			pt = pt.matrixTransform(m.inverse());
		x = Math.max(xpad, Math.min(pt.x + 12, W - xpad - w));
		y = pt.y + 18;
		if (y + h + 4 > H)
			y = Math.max(0, pt.y - h - 8);
		tip.r.setAttribute("x", x);
		tip.r.setAttribute("y", y);
		tip.r.setAttribute("width", w);
		tip.r.setAttribute("height", h);
		for (i = 0; i < tip.t.length; i++) {
			tip.t[i].setAttribute("x", x + 4);
			tip.t[i].setAttribute("y", y + 14 + 16 * i);
		}
		tip.removeAttribute("display");
	}
	function hidetip() {
		if (tip)
			tip.setAttribute("display", "none");
	}

	// fluid width: the page follows the window (down to 300 px) unless
	// --width was given. The head is laid out at the window's width as
	// fg-svg lays it out at a fixed --width (head.c): the title under
	// the controls when it does not fit between them, wrapped; the
	// subtitle and the headline's second line wrapped; the legend flowed
	// right-aligned; the table's lists one under the other when a row
	// would keep under 12 characters of its name; the view switches
	// flowed. What this adds to the head's height over the markup's
	// (hdy) moves the frames, their labels, the switches and the lines
	// under the frames down, and the page grows by as much.
	var W0 = W, fixed = svg.getAttribute("data-fixed") === "1";
	var righted = ["search", "ignorecase", "matched", "helpbtn"];
	var fs = num("data-fs", 12), fw = num("data-fw", 0.59);
	var LH = fs + 6, TH = fs + 8, hdy = 0, hd = null, hdcss = null;
	// a search's report takes a line of its own under the subtitle
	// (rline 1), and the open search box leaves the title the room it
	// needs beside the controls or sends it under them (boxopen)
	var rline = 0, boxopen = false;
	function shift(e, dx, dy) {
		if (e)
			e.setAttribute("transform", "translate(" + dx.toFixed(1) +
			    "," + (dy || 0).toFixed(1) + ")");
	}
	// greedy word wrap in lines of at most max characters (head.c wrap)
	function wrap(s, max) {
		var a = Array.from(s), n = a.length, out = [], b = 0, i, sp, cut;
		max = Math.max(max, 1);
		for (;;) {
			sp = -1;
			for (i = b; i < n && i - b < max; i++)
				if (a[i] === " " && i > b)
					sp = i;
			if (i >= n || (a[i] === " " && i > b))
				sp = i;
			cut = sp >= 0 ? sp : i;
			out.push(a.slice(b, cut).join(""));
			if (cut >= n || out.length >= 16)
				return out;
			b = sp >= 0 ? cut + 1 : cut;
		}
	}
	function nlines(s, w, cw) {
		return wrap(s, Math.floor((w - 2 * xpad) / cw)).length;
	}
	// a text's lines as drawn (the text and its tspans), joined
	function fulltext(e) {
		var a = [], c;
		for (c = e && e.firstChild; c; c = c.nextSibling)
			if (c.nodeType === 3 || c.nodeName === "tspan")
				a.push(c.textContent);
		return a.join(" ");
	}
	// e's text as lines centred at x, lh apart, from y; its <title> kept
	function settext(e, lines, x, y, lh) {
		var c, nx, i, ts, t = null;
		for (c = e.firstChild; c; c = nx) {
			nx = c.nextSibling;
			if (c.nodeName === "title")
				t = c;
			else
				e.removeChild(c);
		}
		e.insertBefore(document.createTextNode(lines[0]), t);
		for (i = 1; i < lines.length; i++) {
			ts = document.createElementNS(NS, "tspan");
			ts.setAttribute("x", x);
			ts.setAttribute("dy", lh);
			ts.textContent = lines[i];
			e.insertBefore(ts, t);
		}
		e.setAttribute("x", x);
		e.setAttribute("y", fix1(y));
	}
	// the title's lines under the controls at width w (0: beside them);
	// the open search box takes 148 pixels more left of them (boxplace)
	function titledrop(w) {
		var tcw = (fs + 5) * fw, x = Math.floor(w / 2);
		var tw = Array.from(hd.title).length * tcw;
		if (x - tw / 2 >= xpad + 10 * chw + 8 && x + tw / 2 <= w - xpad -
		    128 - (boxopen ? 148 : 0))
			return 0;
		return nlines(hd.title, w, tcw);
	}
	// the legend's items (the mode, each swatch with its label) flowed
	// right-aligned in lines of the page less the palette button's room
	function legflow(w) {
		var room = w - 2 * xpad - (8 * chw + 12), it = hd.items;
		var lw = [0], n = 1, ln = [], xs = [], i, k = -1, x = 0;
		for (i = 0; i < it.length; i++) {
			if (lw[n - 1] > 0 && lw[n - 1] + it[i].w - 12 > room)
				lw[n++] = 0;
			ln.push(n - 1);
			lw[n - 1] += it[i].w;
		}
		for (i = 0; i < it.length; i++) {
			if (ln[i] !== k) {
				k = ln[i];
				x = w - xpad - (lw[k] - 12);
			}
			xs.push(x);
			x += it[i].w;
		}
		return { n: it.length ? n : 1, ln: ln, xs: xs };
	}
	// a switch's label in a line of room pixels (fg-svg's swlabel): the
	// first form that fits, from the markup's, without "frames", without
	// " (shares)", the view's name alone
	var swfull = [];
	function swform(i, room) {
		var t = swfull[i], k;
		if (t === undefined)
			t = swfull[i] = $("vb" + i).textContent;
		for (k = 1; k < 4 && t.length * chw > room; k++)
			t = k === 1 ? t.replace(/ frames?/, "") : k === 2 ?
			    t.replace(" (shares)", "") : t.split(":")[0];
		return t;
	}
	// the view switches' lines at width w (fg-svg's swflow)
	function swlines(w) {
		var x0 = xpad + 5 * chw + 8, x = x0, n = 1, i, b, len;
		for (i = 0; (b = $("vb" + i)); i++) {
			len = swform(i, w - xpad - x0).length * chw;
			if (x > x0 && x + len > w - xpad) {
				n++;
				x = x0;
			}
			x += len + 2 * chw + 8;
		}
		return n;
	}
	function stacked(w) {
		return (w - 2 * xpad) / 2 - 10 < fs + 4 + (26 + 12) * chw;
	}
	// the head's parts at width w and its height beyond the frames'
	function headat(w) {
		var p = { w: w, drop: titledrop(w), nsub: 1, nh2: 1, leg: null,
		    st: stacked(w), sw: 0, rl: rline }, t;
		if (hd.sub !== null)
			p.nsub = nlines(hd.sub, w, chw);
		if (hd.h2 !== null)
			p.nh2 = nlines(hd.h2, w, chw);
		p.leg = legflow(w);
		if (hd.nvb > 1)
			p.sw = Math.max(swlines(w), hd.swres);
		t = hd.nrow === 0 ? 0 : p.st ? (hd.n0 + hd.n1 + 2) * LH + 4 :
		    (Math.max(hd.n0, hd.n1) + 1) * LH;
		p.h = p.drop * TH + (p.nsub + p.nh2 + p.leg.n - 3 + p.rl) * LH +
		    p.sw * LH + t;
		return p;
	}
	// what the markup holds, read once
	function headread() {
		var lg = $("legend"), c, it = null, x0, nr, vy, k;
		hd = { title: fulltext($("title")), sub: $("subtitle") ?
		    fulltext($("subtitle")) : null, h2: $("headline2") ?
		    fulltext($("headline2")) : null, items: [], nvb: 0 };
		for (c = lg ? lg.firstElementChild : null; c; c = c.nextElementSibling) {
			if (c.nodeName === "title")
				continue;
			if (!it)
				hd.items.push(it = { e: [], x: +c.getAttribute("x") });
			it.e.push(c);
			if (c.nodeName === "text") {
				x0 = +c.getAttribute("x");
				it.w = x0 - it.x + c.textContent.length * chw + 12;
				it = null;
			}
		}
		nr = function (id) {
			var col = $(id);
			return col ? Math.max(1, Math.min(5,
			    col.querySelectorAll(".chg").length)) : 0;
		};
		hd.n0 = nr("col0");
		hd.n1 = nr("col1");
		hd.nrow = $("changes") ? 1 : 0;
		while ($("vb" + hd.nvb))
			hd.nvb++;
		hd.swres = hd.nvb > 1 ? swlines(W0) : 0;
		if (hd.nvb > 1 && !fixed && W0 > 600)
			hd.swres = Math.max(hd.swres, swlines(600));
		// (the markup's head: no report line, the box closed)
		k = [rline, boxopen];
		rline = 0;
		boxopen = false;
		hd.p0 = headat(W0);
		rline = k[0];
		boxopen = k[1];
		vy = $("headline") || lg;
		hd.liney = vy ? +vy.getAttribute("y") : 0;
		hd.legy = lg && hd.items.length ? +hd.items[0].e[0].getAttribute("y") : 0;
	}
	// the head placed at width W (p: headat(W))
	function headplace(p) {
		var p0 = hd.p0, x = Math.floor(W / 2), i, k, it, dt, dl, dy, g;
		dt = (p.drop - p0.drop) * TH + (p.nsub - p0.nsub + p.rl -
		    p0.rl) * LH;
		settext($("title"), p.drop ? wrap(hd.title, Math.floor((W - 2 *
		    xpad) / ((fs + 5) * fw))) : [hd.title], x, fs * 2 +
		    (p.drop ? TH : 0), TH);
		if (hd.sub !== null)
			settext($("subtitle"), wrap(hd.sub, Math.floor((W - 2 * xpad) /
			    chw)), x, fs * 4 + p.drop * TH, LH);
		// (a fixed page wider than the window: at the window's edge)
		$("matched").setAttribute("x", fixed ? Math.min(W, window.innerWidth ||
		    W) - xpad : W0 - xpad);
		$("matched").setAttribute("y", fix1(fs * 4 + p.drop * TH +
		    p.nsub * LH));
		if ($("headline"))
			settext($("headline"), [fulltext($("headline"))], x,
			    hd.liney + dt, LH);
		if (hd.h2 !== null)
			settext($("headline2"), wrap(hd.h2, Math.floor((W - 2 * xpad) /
			    chw)), x, hd.liney + dt + LH, LH);
		dl = dt + (p.nh2 - p0.nh2) * LH;
		for (i = 0; i < hd.items.length; i++) {
			it = hd.items[i];
			for (k = 0; k < it.e.length; k++)
				shift(it.e[k], p.leg.xs[i] - p0.leg.xs[i], dl +
				    (p.leg.ln[i] - p0.leg.ln[i]) * LH);
		}
		if (palbtn)
			palbtn.setAttribute("y", fix1(hd.legy + dl));
		dy = dl + (p.leg.n - p0.leg.n) * LH;
		shift($("col0"), 0, dy);
		g = function (q) {
			return q.st ? [xpad, (hd.n0 + 1) * LH + 4] :
			    [xpad + (q.w - 2 * xpad) / 2, 0];
		};
		shift($("col1"), g(p)[0] - g(p0)[0], dy + g(p)[1] - g(p0)[1]);
	}
	function recut() {
		var rows = svg.querySelectorAll(".chg"), i, t, n;
		n = Math.floor(((W - 2 * xpad) / (stacked(W) ? 1 : 2) - 10 - 16 -
		    chw * 26) / chw);
		for (i = 0; i < rows.length; i++) {
			t = rows[i].lastChild;
			t.textContent = midcut(rows[i].getAttribute("data-n"),
			    Math.max(n, 5));
		}
	}
	// the view switches flow at the page's width as fg-svg's swflow()
	// does, in the last lines of those kept for them, the last line's
	// baseline moved down with the head
	function reflow() {
		var g = $("views"), x0 = xpad + 5 * chw + 8, x = x0, n = 1, i, b;
		var xs = [], ln = [], len, yb, lh;
		if (!g || !g.hasAttribute("data-y"))
			return;
		for (i = 0; (b = $("vb" + i)); i++) {
			b.textContent = swform(i, W - xpad - x0);
			len = b.textContent.length * chw;
			if (x > x0 && x + len > W - xpad) {
				n++;
				x = x0;
			}
			xs.push(x);
			ln.push(n - 1);
			x += len + 2 * chw + 8;
		}
		yb = +g.getAttribute("data-y") + hdy;
		lh = +g.getAttribute("data-lh");
		for (i = 0; i < xs.length; i++) {
			b = $("vb" + i);
			b.setAttribute("x", fix1(xs[i]));
			b.setAttribute("y", fix1(yb - (n - 1 - ln[i]) * lh));
		}
		if ($("vlab"))
			$("vlab").setAttribute("y", fix1(yb - (n - 1) * lh));
	}
	// the frames, their labels and the lines under them hdy lower
	function headgrow(d) {
		var h = cur && +cur.g.getAttribute("data-h") > 0 ?
		    +cur.g.getAttribute("data-h") : H - hdy;
		if (d === hdy)
			return;
		hdy = d;
		if (d)
			shift($("frames"), 0, d);
		else
			$("frames").removeAttribute("transform");
		if (!hdcss)
			hdcss = mk("style", svg);
		hdcss.textContent = d ? ".fglab{transform:translate(0," + d +
		    "px)}" : "";
		setheight(h);
	}
	// the page at the window's width unless --width fixed it; a fixed
	// page wider than the window scrolls to keep the open search box in
	// sight, and the help, placed in the window, is placed again
	function fit() {
		var w = Math.max(Math.floor(window.innerWidth ||
		    svg.clientWidth || W0), 300);
		if (!fixed && w !== W) {
			fitwidth(w);
			return;
		}
		if (box && box.fo.getAttribute("display") !== "none")
			box.scrollIntoView({ block: "nearest", inline: "nearest" });
		if (help && help.getAttribute("display") !== "none")
			helpplace();
	}
	function fitwidth(w) {
		var i, p;
		if (!hd)
			headread();
		W = w;
		svg.setAttribute("width", W);
		svg.setAttribute("viewBox", "0 0 " + W + " " + H);
		bg.setAttribute("width", W);
		for (i = 0; i < righted.length; i++)
			shift($(righted[i]), W - W0);
		p = headat(W);
		headplace(p);
		headgrow(p.h - hd.p0.h);
		recut();
		reflow();
		tidy();
		matchfit();
		if (box && box.fo.getAttribute("display") !== "none")
			boxplace();
		if (help && help.getAttribute("display") !== "none")
			helpplace();
		if (cur)
			zoom(zroot());
	}
	// at narrow widths the table's headings and the palette button give
	// way: each takes the longest of its forms that leaves its neighbour
	// clear, measured as drawn (the legend's mode label goes when the
	// headline under the title names the mode)
	var heads = null;
	function textlen(e) {
		var n = 0;
		try {
			n = e.getComputedTextLength();
		} catch (err) {
			n = 0;
		}
		return n > 0 ? n : (e.firstChild ? e.firstChild.textContent :
		    "").length * chw;
	}
	function fitheads() {
		var th = svg.querySelectorAll("#changes .th"), i, k, f;
		var colw = (W - 2 * xpad) / (stacked(W) ? 1 : 2) - 10;
		if (!heads)
			heads = Array.prototype.map.call(th, function (e) {
				return e.textContent;
			});
		for (i = 0; i < th.length; i++) {
			f = [heads[i], heads[i].replace(" by self count", ""),
			    heads[i].split(/[ :]/)[0]];
			for (k = 0; k < f.length; k++) {
				th[i].textContent = f[k];
				if (textlen(th[i]) <= colw)
					break;
			}
		}
	}
	function fitpalette() {
		var lg = $("legend"), t = lg && lg.querySelector("text"), k, b;
		var canhide = !!$("headline2");
		if (!palbtn || !t)
			return;
		for (k = 0; k < 4; k++) {
			if (k >= 2 && !canhide)
				break;
			pallab = k < 2 ? k : k - 1;
			if (k >= 2)
				t.setAttribute("display", "none");
			else
				t.removeAttribute("display");
			palmark();
			b = lg.getBBox();
			if (xpad + textlen(palbtn) + 12 <= b.x)
				break;
		}
	}
	function tidy() {
		fitheads();
		fitpalette();
	}
	// the search's report ("Matched: ..."), on the first screen: in a
	// line of its own under the subtitle, right-aligned under Search
	// (headplace), the head below moved down a line while it shows;
	// squeezed to the page's width when wider. The details line keeps
	// 110 pixels clear on its right (mroom), as it did when the report
	// shared its line.
	var mroom = 110, relaying = false;
	function matchfit() {
		var e = $("matched"), n, k, on = /\S/.test(matched.nodeValue);
		e.removeAttribute("textLength");
		e.removeAttribute("lengthAdjust");
		n = on ? textlen(e) : 0;
		k = (fixed ? Math.min(W, window.innerWidth || W) : W) - 2 * xpad;
		if (n > k) {
			e.setAttribute("textLength", k);
			e.setAttribute("lengthAdjust", "spacingAndGlyphs");
		}
		if (on !== (rline === 1))
			relayout(on ? 1 : 0, boxopen);
	}
	// the head again at the page's width with the report's line (rl)
	// and the box (bo) as they are now
	function relayout(rl, bo) {
		rline = rl;
		boxopen = bo;
		if (relaying)
			return;
		relaying = true;
		fitwidth(W);
		relaying = false;
	}

	// search: a literal substring by default; /RE/ is a regular expression,
	// refused when long, when a repeated group holds a repetition or an
	// alternative (the shapes that backtrack exponentially, as (a+)+$ does)
	// or with more than two repetitions; it sees at most MAXNAME characters
	// of a name and stops after MAXMS: a shared link must not freeze the page.
	var MAXRE = 256, MAXNAME = 512, MAXMS = 1000;
	function unsafe(p) {
		var st = [{ q: false }], i, c, g, n = p.length, nq = 0;
		for (i = 0; i < n; i++) {
			c = p.charAt(i);
			if (c === "\\") {
				if (/[1-9k]/.test(p.charAt(i + 1)))
					return true;
				i++;
			} else if (c === "[") {
				for (i++; i < n && p.charAt(i) !== "]"; i++)
					if (p.charAt(i) === "\\")
						i++;
			} else if (c === "(")
				st.push({ q: false });
			else if (c === ")" && st.length > 1) {
				g = st.pop();
				if (/[*+?{]/.test(p.charAt(i + 1)) && g.q)
					return true;
				st[st.length - 1].q = st[st.length - 1].q || g.q;
			} else if (c === "|" || c === "*" || c === "+" || c === "{" ||
			    (c === "?" && p.charAt(i - 1) !== "(")) {
				st[st.length - 1].q = true;
				if (c !== "|" && c !== "?" && ++nq > 2)
					return true;
			}
		}
		return false;
	}
	// A function name -> bool, or a string saying why there is none.
	function matcher(t) {
		var re, lt;
		if (t.length > 2 && t.charAt(0) === "/" &&
		    t.charAt(t.length - 1) === "/") {
			t = t.slice(1, -1);
			if (t.length > MAXRE)
				return "Regular expression too long";
			if (unsafe(t))
				return "Refused: a repeated group that repeats";
			try {
				re = new RegExp(t, ic ? "i" : "");
			} catch (err) {
				return "Bad regular expression";
			}
			return function (s) {
				return re.test(s.length > MAXNAME ?
				    s.slice(0, MAXNAME) : s);
			};
		}
		if (!ic)
			return function (s) { return s.indexOf(t) >= 0; };
		lt = t.toLowerCase();
		return function (s) { return s.toLowerCase().indexOf(lt) >= 0; };
	}
	// a frame's element as shown: its copy in a zoom's overlay, or its own
	function el(fr) {
		return fr.c || fr.e;
	}
	// a class on a frame's element and on its copy
	function setcls(fr, c, on) {
		var i, e = [fr.e, fr.c];
		for (i = 0; i < 2; i++)
			if (e[i] && on)
				e[i].classList.add(c);
			else if (e[i])
				e[i].classList.remove(c);
	}
	function mark(fr, m) {
		setcls(fr, "m", m);
		fr.hl = m;
		if (fr.t)
			labdirty = true;
	}
	function search(t) {
		if (t !== undefined)
			term = t;
		var f = cur.f, i, fr, re = null, m, sum = 0, end = -Infinity;
		var sb = 0, sa = 0;
		var z = zroot(), any = false, all = false, t0 = Date.now();
		if (term !== null && term !== "") {
			re = matcher(term);
			if (typeof re === "string") {
				matched.nodeValue = re;
				re = null;
			}
		}
		for (i = 0; i < f.length; i++) {
			fr = f[i];
			m = re !== null && re(fr.name);
			if (re !== null && (i & 255) === 255 &&
			    Date.now() - t0 > MAXMS) {
				re = null;
				matched.nodeValue = "Search stopped: too slow";
			}
			if (m !== fr.hl)
				mark(fr, m);
			if (!m || fr.hid)
				continue;
			any = true;
			if (fr.depth < z.depth || fr === z)
				all = true;
			else if (fr.s >= end) {
				sum += fr.w;
				sb += fr.tb || 0;
				sa += fr.ta || 0;
				end = fr.s + fr.w;
			}
		}
		if (labdirty)
			drawlabels(cur);
		if (re !== null)
			svg.classList.add("searching");
		else
			svg.classList.remove("searching");
		if (re !== null) {
			searchbtn.classList.add("show");
			searchbtn.firstChild.nodeValue = "Reset Search";
			var p = all ? 100 : 100 * sum / z.w;
			matched.nodeValue = "Matched: " +
			    (p === 100 ? "100" : p.toFixed(1)) + "%" + (cost > 0 ?
			    ", " + money(cost * share(all ? z.w : sum, root().w)) : "");
			if (isdiff && !all)
				matched.nodeValue += " (" + bword + fmt(sb) + ", " + aword +
				    fmt(sa) + ", " + signed(sa - sb) + ")";
			$("matched").classList.remove("hide");
		} else if (term === null || term === "") {
			searchbtn.classList.remove("show");
			searchbtn.firstChild.nodeValue = "Search";
			matched.nodeValue = " ";
		}
		matchfit();
		return any;
	}
	// the search box: an HTML input in the page, made on first use, left
	// of the help button and Search, clear of a title beside them when
	// that leaves it 140 pixels, narrower in a narrow page
	var box = null;
	function boxplace() {
		var r = searchbtn.getBBox(), q = $("helpbtn").getBBox();
		var t = $("title").getBBox(), x = Math.min(r.x, q.x) + W - W0 - 8;
		var w = Math.min(220, x - xpad);
		if (t.y < r.y + r.height && t.x + t.width + 8 < x)
			w = Math.min(w, Math.max(140, x - t.x - t.width - 8));
		box.fo.setAttribute("x", x - w);
		box.fo.setAttribute("y", r.y - 5);
		box.fo.setAttribute("width", w);
		box.style.width = (w - 10) + "px";
		box.setAttribute("placeholder", w < 200 ? "text or /regex/" :
		    "text or /regex/; Esc closes");
	}
	function ask() {
		var fo;
		if (!box) {
			fo = mk("foreignObject", svg);
			fo.id = "sbox";
			fo.setAttribute("height", 24);
			box = document.createElementNS("http://www.w3.org/1999/xhtml",
			    "input");
			box.setAttribute("aria-label", "Search frames");
			box.style.font = "12px sans-serif";
			fo.appendChild(box);
			box.fo = fo;
			box.addEventListener("input", function () {
				search(box.value === "" ? null : box.value);
				seturl();
			});
			box.addEventListener("keydown", function (e) {
				e.stopPropagation();
				if (e.key === "Escape" || e.key === "Enter") {
					if (e.key === "Escape") {
						box.value = "";
						search(null);
						seturl();
					}
					box.fo.setAttribute("display", "none");
					relayout(rline, false);
					svg.focus();
				}
			});
		}
		box.fo.removeAttribute("display");
		relayout(rline, true);
		boxplace();
		box.value = term === null ? "" : term;
		box.focus();
		box.select();
	}
	function search_prompt() {
		if (term !== null) {
			search(null);
			if (box)
				box.value = "";
			seturl();
		} else
			ask();
	}
	function toggle_ic() {
		ic = !ic;
		if (ic)
			icbtn.classList.add("show");
		else
			icbtn.classList.remove("show");
		search();
		seturl();
	}

	// views: each is as tall as it needs (plus what a narrow window adds to
	// the head, hdy); the lines under the frames follow
	var H0 = num("height", 0), bottoms = [$("details")];
	var bg = svg.querySelector("rect");
	function setheight(h) {
		var i, e;
		if (!(h > 0) || (h += hdy) === H)
			return;
		for (i = 0; i < bottoms.length; i++) {
			e = bottoms[i];
			e.setAttribute("y", (+e.getAttribute("y") + h - H).toFixed(1));
		}
		H = h;
		svg.setAttribute("height", h);
		svg.setAttribute("viewBox", "0 0 " + W + " " + h);
		bg.setAttribute("height", h);
	}
	var H = H0;
	function setview(i) {
		var v = views[i], k, f;
		if (!v || v === cur)
			return;
		if (!v.f && v.i > 0)
			build(v);
		else if (!v.f)
			load(v);
		if (cur) {
			f = cur.f;
			for (k = 0; k < f.length; k++)
				if (f[k].hl)
					mark(f[k], false);
		}
		if (!ovl)
			ovmake();
		if (!v.L) {
			v.L = mk("g", ovl.s);
			v.L.setAttribute("class", "fglab");
		}
		for (k = 0; k < views.length; k++) {
			if (views[k] === v)
				continue;
			views[k].g.setAttribute("display", "none");
			if (views[k].L)
				views[k].L.setAttribute("display", "none");
			if (views[k].btn)
				views[k].btn.classList.remove("on");
		}
		cur = v;
		setheight(+v.g.getAttribute("data-h"));
		v.g.removeAttribute("display");
		v.L.removeAttribute("display");
		if (v.btn)
			v.btn.classList.add("on");
		var z = same(zoomed, v);
		zoomed = null;
		zoom(z || root(), true);
		if (focused)
			untab(focused);
		focused = z || root();
		tabto(focused);
	}
	// The frame of view v at the path of frame z of another view, if any.
	function same(z, v) {
		var p = [], f = v.f, i, fr, ok = [];
		for (; z; z = z.up)
			p[z.depth] = z.name;
		for (i = 0; i < f.length && p.length > 1; i++) {
			fr = f[i];
			ok[fr.depth] = fr.depth < p.length && fr.name === p[fr.depth] &&
			    (fr.depth === 0 || ok[fr.depth - 1]);
			if (ok[fr.depth] && fr.depth === p.length - 1)
				return fr;
		}
		return null;
	}

	// the other palette (--colorblind or not): data-alt maps each fill to
	// its colour there and the label ink for it; the button or c switches,
	// style rules do the repainting (whatever draws the frames), the
	// choice stays across views and in the URL (c=1)
	var altmap = svg.getAttribute("data-alt"), alton = false, altcss = null;
	var cbfirst = svg.getAttribute("data-cb") === "1", palbtn = null;
	// the button's label, shorter when the legend leaves little room
	var pallabs = [" colour-blind palette (c)", " colour-blind (c)",
	    " CB (c)"], pallab = 0;
	function palmark() {
		var t;
		palbtn.textContent = (alton !== cbfirst ? "\u2611" : "\u2610") +
		    pallabs[pallab];
		t = mk("title", palbtn);
		t.textContent = "Colour-blind palette on or off (key c)";
	}
	function altrules() {
		var a = altmap.split(" "), i, p, r = [], hex = /^[0-9a-f]{6}$/;
		for (i = 0; i < a.length; i++) {
			p = a[i].split(":");
			if (p.length !== 3 || !hex.test(p[0]) || !hex.test(p[1]))
				continue;
			r.push(".alt rect[fill=\"#" + p[0] + "\"]{fill:#" + p[1] + "}",
			    ".alt #frames rect[fill=\"#" + p[0] + "\"]+text,.alt " +
			    ".fglab [data-f=\"" + p[0] + "\"]{fill:" +
			    (p[2] === "w" ? "#fff" : "#000") + "!important}");
		}
		altcss = mk("style", svg);
		altcss.textContent = r.join("\n");
	}
	function setpalette(on) {
		if (!altmap)
			return;
		if (!altcss)
			altrules();
		alton = on;
		if (on)
			svg.classList.add("alt");
		else
			svg.classList.remove("alt");
		palmark();
		seturl();
	}
	function palettebutton() {
		var lg = $("legend"), t = lg && lg.querySelector("text");
		if (!altmap || !t)
			return;
		palbtn = mk("text", svg);
		palbtn.id = "palbtn";
		palbtn.setAttribute("class", "ui");
		palbtn.setAttribute("x", xpad);
		palbtn.setAttribute("y", t.getAttribute("y"));
		palbtn.setAttribute("role", "button");
		palmark();
	}

	// URL state: ?x=&y= (the zoomed frame, as flamegraph.pl), s=, i=, v=, c=
	function getparams() {
		var p = {}, a = window.location.search.slice(1).split("&"), i, kv;
		for (i = 0; i < a.length; i++) {
			kv = a[i].split("=");
			if (kv.length < 2 || !kv[0])
				continue;
			try {
				p[kv[0]] = decodeURIComponent(kv.slice(1).join("=").replace(/\+/g, " "));
			} catch (err) {
				continue;
			}
		}
		return p;
	}
	// The address is written once the page has been still for URLMS, not
	// in the click nor in the frame after it: on a large file a history
	// write takes longer than the repaint itself (Chromium serialises the
	// page's state: 20-80 ms a push on a 136k-node file), and written after
	// the repaint it held up the next frame. Until then the entries wait in
	// urlq, one per frame that pushed (a zoom), each with the address of
	// the state its frame drew, later changes that push nothing (a view,
	// a search) rewriting the last one, as replaceState would; then they
	// are written in order, so Back walks the same zooms as if each had
	// been written at once. flushurl() writes them at once (for Back);
	// pending() says whether some are waiting. A change that rewrites a
	// sealed entry marks it stale: should the timer fire before the next
	// frame seals it again, flushurl() takes the address as it is now.
	var urlq = [], urlseal = false, urltimer = null, URLMS = 250;
	function seturl(push) {
		var last = urlq.length ? urlq[urlq.length - 1] : null;
		push = !!(push && started);
		if (!last || (push && last.sealed))
			urlq.push({ push: push, sealed: false, stale: false,
			    url: "" });
		else {
			if (push)
				last.push = true;
			last.stale = true;
		}
		if (!urlseal) {
			urlseal = true;
			window.requestAnimationFrame(seal);
		}
	}
	// the frame is drawn: the last entry takes the address of what it drew
	function seal() {
		var last = urlq.length ? urlq[urlq.length - 1] : null;
		urlseal = false;
		if (!last)
			return;
		last.url = address();
		last.sealed = true;
		last.stale = false;
		if (urltimer !== null)
			window.clearTimeout(urltimer);
		urltimer = window.setTimeout(flushurl, URLMS);
	}
	function address() {
		var q = [], u = window.location.href.split("?")[0].split("#")[0];
		if (cur && cur.i !== 0)
			q.push("v=" + cur.i);
		if (zoomed)
			q.push("x=" + encodeURIComponent(zoomed.x0), "y=" + encodeURIComponent(zoomed.y0));
		if (term !== null && term !== "")
			q.push("s=" + encodeURIComponent(term));
		if (ic)
			q.push("i=1");
		if (alton)
			q.push("c=1");
		return q.length ? u + "?" + q.join("&") : u;
	}
	function urldrop() {
		urlq = [];
		if (urltimer !== null)
			window.clearTimeout(urltimer);
		urltimer = null;
	}
	function flushurl() {
		var q = urlq, i;
		if (q.length && (!q[q.length - 1].sealed || q[q.length - 1].stale))
			q[q.length - 1].url = address();
		urldrop();
		try {
			for (i = 0; i < q.length; i++)
				if (q[i].push && ++pushes)
					window.history.pushState(null, "", q[i].url);
				else
					window.history.replaceState(null, "", q[i].url);
		} catch (err) {
			// some viewers forbid it; the state just is not kept
		}
	}

	// the table of changes: hovering a row outlines its frames, a click
	// searches its name and zooms to where all its frames are
	function rowof(t) {
		while (t && t !== svg) {
			if (t.classList && t.classList.contains("chg"))
				return t.getAttribute("data-n");
			t = t.parentNode;
		}
		return null;
	}
	function outline(name, on) {
		var f = cur.f, i;
		for (i = 0; i < f.length; i++)
			if (f[i].name === name)
				setcls(f[i], "o", on);
	}
	function common(a, b) {
		while (a.depth > b.depth)
			a = a.up;
		while (b.depth > a.depth)
			b = b.up;
		while (a !== b) {
			a = a.up;
			b = b.up;
		}
		return a;
	}
	function findrow(name) {
		var f = cur.f, i, z = null;
		for (i = 0; i < f.length; i++)
			if (f[i].name === name)
				z = z ? common(z, f[i]) : f[i];
		zoom(z || root());
		search(name);
		seturl();
	}

	// events
	function frameof(t) {
		while (t && t !== svg) {
			if (t.fgi !== undefined && cur.f[t.fgi] &&
			    el(cur.f[t.fgi]) === t)
				return cur.f[t.fgi];
			t = t.parentNode;
		}
		return null;
	}
	svg.addEventListener("click", function (e) {
		var fr = frameof(e.target), id = e.target.id || "", n;
		if (fr) {
			zoom(fr);
			return;
		}
		if ((n = rowof(e.target)) !== null) {
			findrow(n);
			return;
		}
		if (id === "unzoom")
			zoom(root());
		else if (id === "search")
			search_prompt();
		else if (id === "ignorecase")
			toggle_ic();
		else if (id === "helpbtn")
			togglehelp();
		else if (id === "palbtn")
			setpalette(!alton);
		else if (id.slice(0, 2) === "vb")
			setview(+id.slice(2));
	});
	svg.addEventListener("mouseover", function (e) {
		var fr = frameof(e.target), n;
		if (fr) {
			details.nodeValue = detailline(fr);
			showtip(fr, e);
		} else if ((n = rowof(e.target)) !== null)
			outline(n, true);
	});
	svg.addEventListener("mousemove", function (e) {
		var fr = frameof(e.target);
		if (fr)
			showtip(fr, e);
	});
	svg.addEventListener("mouseout", function (e) {
		var n;
		if (frameof(e.target)) {
			details.nodeValue = " ";
			hidetip();
		} else if ((n = rowof(e.target)) !== null)
			outline(n, false);
	});
	// keyboard: Tab reaches the graph (one frame at a time is in the tab
	// order), arrows move between frames, Enter zooms, Esc goes back, /
	// searches, ? shows the keys
	var focused = null, pushes = 0, help = null;
	function untab(fr) {
		fr.e.removeAttribute("tabindex");
		if (fr.c) {
			fr.c.removeAttribute("tabindex");
			fr.c.removeAttribute("aria-label");
		}
	}
	// the frame Tab reaches; a copy in the overlay, which has no title,
	// is named for screen readers as the frame's title names it
	function tabto(fr) {
		el(fr).setAttribute("tabindex", "0");
		if (fr.c)
			fr.c.setAttribute("aria-label", fr.r.firstChild.textContent);
	}
	// after a zoom the frame that Tab reaches is one shown: the focused
	// one's copy in the overlay, or the zoomed frame when it is hidden
	function retab(z) {
		if (!focused || focused.e.fgi === undefined ||
		    cur.f[focused.e.fgi] !== focused)
			return;
		untab(focused);
		if (focused.hid)
			focused = z;
		tabto(focused);
	}
	function focusframe(fr) {
		if (!fr || fr.hid)
			return;
		if (focused && focused !== fr)
			untab(focused);
		focused = fr;
		tabto(fr);
		if (document.activeElement !== el(fr))
			el(fr).focus();
	}
	function neighbour(fr, key) {
		var f = cur.f, i = fr.e.fgi, k, g;
		if (key === "ArrowLeft" || key === "ArrowRight") {
			k = key === "ArrowLeft" ? -1 : 1;
			for (i += k; i >= 0 && i < f.length; i += k)
				if (f[i].depth === fr.depth && !f[i].hid)
					return f[i];
			return null;
		}
		if ((key === "ArrowUp") === down)
			return fr.up && !fr.up.hid ? fr.up : null;
		for (i++; i < f.length && f[i].depth > fr.depth; i++)
			if (f[i].depth === fr.depth + 1 && !f[i].hid &&
			    (!g || f[i].w > g.w))
				g = f[i];
		return g || null;
	}
	var down = svg.getAttribute("data-down") === "1";
	function back() {
		flushurl();
		if (pushes > 0)
			window.history.back();
		else if (zoomed)
			zoom(zoomed.up && zoomed.up.depth > 0 ? zoomed.up : root());
	}
	var helptext = [
		"Keys", "Tab: reach the graph; arrows: move between frames",
		"Enter: zoom into the frame; Esc: back (or close search)",
		"/ or Ctrl-F: search (text, or /regex/); Ctrl-I: ignore case",
		"c: colour-blind palette on or off",
		"Back and Forward walk the zoom history", "?: this help"
	];
	// the help wrapped to the window's width (at most 460 pixels) and
	// centred in the part of the page on screen
	function helpplace() {
		var vw = Math.min(W, window.innerWidth || W), y = 24, i, k, ls, t;
		var hw = Math.min(460, vw - 2 * xpad), r = help.firstChild;
		while (r.nextSibling)
			help.removeChild(r.nextSibling);
		for (i = 0; i < helptext.length; i++) {
			ls = wrap(helptext[i], Math.floor((hw - 28) / chw));
			for (k = 0; k < ls.length; k++, y += 18) {
				t = mk("text", help);
				t.textContent = ls[k];
				t.setAttribute("x", 14);
				t.setAttribute("y", y);
				if (i === 0)
					t.setAttribute("font-weight", "bold");
			}
		}
		r.setAttribute("width", hw);
		r.setAttribute("height", y - 2);
		help.setAttribute("transform", "translate(" + ((window.scrollX ||
		    0) + Math.max(xpad, (vw - hw) / 2)) + "," +
		    ((window.scrollY || 0) + 40) + ")");
	}
	function togglehelp() {
		if (!help) {
			help = mk("g", svg);
			help.id = "help";
			mk("rect", help).setAttribute("rx", 4);
			help.setAttribute("display", "none");
		}
		if (help.getAttribute("display") === "none") {
			helpplace();
			help.removeAttribute("display");
		} else
			help.setAttribute("display", "none");
	}
	window.addEventListener("keydown", function (e) {
		var fr = document.activeElement && document.activeElement.fgi !==
		    undefined ? cur.f[document.activeElement.fgi] : null, n;
		if (e.keyCode === 114 || ((e.ctrlKey || e.metaKey) && e.keyCode === 70) ||
		    (e.key === "/" && !e.ctrlKey && !e.metaKey)) {
			e.preventDefault();
			ask();
		} else if (e.ctrlKey && e.keyCode === 73) {
			e.preventDefault();
			toggle_ic();
		} else if (e.key === "?") {
			togglehelp();
		} else if (e.key === "c" && !e.ctrlKey && !e.metaKey && !e.altKey) {
			setpalette(!alton);
		} else if (e.keyCode === 27) {
			if (help && help.getAttribute("display") !== "none")
				togglehelp();
			else if (term !== null) {
				search(null);
				seturl();
			} else
				back();
		} else if (fr && e.key === "Enter") {
			e.preventDefault();
			zoom(fr);
			focusframe(fr);
		} else if (fr && e.key.slice(0, 5) === "Arrow") {
			e.preventDefault();
			if ((n = neighbour(fr, e.key)))
				focusframe(n);
		}
	});
	svg.addEventListener("focusin", function (e) {
		var fr = frameof(e.target), r;
		if (!fr)
			return;
		focused = fr;
		details.nodeValue = detailline(fr);
		r = el(fr).getBoundingClientRect();
		showtip(fr, { clientX: r.left, clientY: r.top + r.height / 2 });
	});
	window.addEventListener("popstate", function () {
		var q = getparams(), i, z = null;
		pushes = Math.max(0, pushes - 1);
		if (q.v && views[+q.v] && views[+q.v] !== cur)
			setview(+q.v);
		if (q.x !== undefined)
			for (i = 0; i < cur.f.length && !z; i++)
				if (cur.f[i].x0 === q.x && cur.f[i].y0 === q.y)
					z = cur.f[i];
		zoom(z || root(), true);
		// the address is the one walked to: nothing to write (a write
		// due later could land on the entry Forward goes to next)
		urldrop();
	});

	// a window shorter than the page: the root, the widest frame, on the
	// first screen, scrolled to when a graph drawn bottom-up has it
	// below the window's foot (a page opened at a zoom keeps its place)
	function showroot() {
		var b = root().r.getBoundingClientRect(), h = window.innerHeight;
		if (h > 0 && b.bottom > h && !zoomed)
			window.scrollBy(0, b.bottom - h + 4);
	}

	// start
	var gs = $("frames").children, i, p = getparams(), fr;
	for (i = 0; i < gs.length; i++)
		views.push(new View(gs[i], i));
	svg.classList.add("js");
	// what the script draws differently: labels in their own layer, the
	// outlines not stretched by a zoom (only theirs: a frame whose stroke
	// follows the transform is drawn again at each zoom)
	mk("style", svg).textContent = "#frames text{display:none}\n" +
	    "#frames rect:hover,#frames rect:focus,#frames rect.m," +
	    "#frames rect.o{vector-effect:non-scaling-stroke}\n" +
	    ".fglab{pointer-events:none}\n" +
	    ".searching .fglab text:not(.m){opacity:.35}";
	// "Matched: x% (before, after, change)" grows leftwards from the
	// right margin, in its line under the subtitle (matchfit)
	$("matched").setAttribute("x", W - xpad);
	$("matched").setAttribute("y", fs * 4 + ($("subtitle") ?
	    +$("subtitle").getAttribute("y") - fs * 4 : 0) + LH);
	$("matched").setAttribute("text-anchor", "end");
	if (p.i === "1") {
		ic = true;
		icbtn.classList.add("show");
	}
	if (p.s)
		term = p.s;
	var hb = mk("text", svg);
	hb.id = "helpbtn";
	hb.textContent = "?";
	hb.setAttribute("x", +searchbtn.getAttribute("x") - 20);
	hb.setAttribute("y", searchbtn.getAttribute("y"));
	hb.setAttribute("class", "ui");
	palettebutton();
	fit();
	tidy();
	setview(p.v && views[+p.v] ? +p.v : 0);
	if (p.c === "1")
		setpalette(true);
	window.addEventListener("resize", function () {
		window.requestAnimationFrame(fit);
	});
	if (p.x !== undefined && p.y !== undefined) {
		for (i = 0; i < cur.f.length; i++) {
			fr = cur.f[i];
			if (fr.x0 === p.x && fr.y0 === p.y) {
				zoom(fr);
				break;
			}
		}
	}
	search();
	showroot();
	started = true;
	focused = root();
	tabto(focused);
	window.fgsvg = { zoom: function (i) { zoom(cur.f[i]); }, search: search,
	    view: setview, frames: function () { return cur.f; },
	    pending: function () { return urlq.length > 0; } };
})();
