// SPDX-License-Identifier: ISC
// views.js: the views: switching between them, their heights; the palette
// toggle. A piece of fg-svg's script (data.js says how they join).
// Reads: W, hdy, ovl, svg, views, xpad.
// Writes: cur, focused, zoomed.
// Declares, for the others: H, alton, bg, palbtn, pallab.
// Calls: $, build, load, mark, mk, num, ovmake, root, seturl, tabto, untab,
//   zoom.

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

