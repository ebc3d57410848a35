// SPDX-License-Identifier: ISC
// zoom.js: frames' labels, the zoom (one transform on the view's group, or
// a copy of a small subtree in the overlay), the frames shown. A piece of
// fg-svg's script (data.js says how they join).
// Reads: H, NS, W, W0, astral, bg, chw, cur, hdy, svg, unzoombtn, xpad.
// Writes: zoomed.
// Declares, for the others: labdirty, ovl.
// Calls: $, ink, labtext, mk, retab, search, seturl.

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
		var l = labtext(fr, w);
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

