// SPDX-License-Identifier: ISC
// map.js: reading the graph as a cost map: --labels share's labels, the
// function view (all of a function's call sites merged). A piece of
// fg-svg's script (data.js says how they join).
// Reads: W, astral, chw, cost, countname, cur, details, hdy, help, svg,
//   term, unzoombtn, xpad, zoomed.
// Declares, for the others: curname, fnv, fulltree, fullmatch, labtext,
//   mergeopen, narrow.
// Calls: b36, fmt, frameof, getparams, ink, label, midcut, mk, money, num,
//   pct, root, seturl, setheight, share, zoom.

	var shlab = svg.getAttribute("data-labels") === "share";
	var curname = svg.getAttribute("data-cur") || "";
	// A frame's label in w pixels: with --labels share its name and its
	// share (and cost) when all of it fits, else its name as label() cuts
	// it, as fg-svg writes it
	function labtext(fr, w) {
		var n = Math.floor(w / chw), r = root(), s, len;
		if (!shlab || fr.depth === 0 || n < 3)
			return label(fr.name, w);
		s = " (" + pct(fr.w, r.w) + (cost ? ", " +
		    money(cost * share(fr.w, r.w)) : "") + ")";
		len = astral.test(fr.name) ? Array.from(fr.name).length :
		    fr.name.length;
		return len + s.length <= n ? fr.name + s : label(fr.name, w);
	}

	// The function view (m= in the URL): one function, all its call
	// sites merged into one box, its callers above it and its callees
	// under it, each merged by path (speedscope's sandwich, the "merge
	// function" of other profilers), from the frames of the view shown.
	// Loops, no recursion: a function that recurses counts once a stack
	// in its total (its outermost frames), all its frames in its self.
	// Opened from a row of the cost map's table, by m or Alt-click on a
	// frame, or a click on a box of the view; Esc, Back or Reset Zoom
	// goes back to the graph.
	var fnv = null, fncss = null;
	function mnode(t, up, name) {
		var k = up.id + "\u0000" + name, n = t.by[k];
		if (!n) {
			n = t.by[k] = { id: t.n.length, name: name, w: 0, self: 0,
			    depth: up.depth + 1, kids: [], x: 0 };
			t.n.push(n);
			up.kids.push(n);
		}
		return n;
	}
	// The cost map's every stack (fg-svg's out_mapdata), read on first
	// use into a frame tree in pre-order, as cur.f holds the frames
	// drawn, with every frame drawn or not: the function view and the
	// search's share count what is under a pixel too. null: none in
	// the page (the frames drawn are all there is)
	var mapdat = document.getElementById("fst"), full = null;
	function fulltree() {
		var a, hd, nn, i, j, d, k, c, path, fr, r, names = [];
		if (full !== null || !mapdat)
			return full;
		a = mapdat.textContent.split("\n");
		hd = a[0].split(" ");
		nn = +hd[0];
		full = { f: [], fills: {} };
		for (i = 1; i <= nn && i < a.length; i++)
			if (hd[1] === "1") {
				names.push(a[i].slice(7));
				full.fills[a[i].slice(7)] = "#" + a[i].slice(0, 6);
			} else
				names.push(a[i]);
		r = { name: "all", depth: 0, up: null, w: 0, self: 0 };
		full.f.push(r);
		path = [r];
		for (i = nn + 1; i < a.length; i++) {
			d = a[i].split(" ");
			if (d.length < 2)
				continue;
			k = b36(d[0]);
			c = b36(d[1]);
			path.length = Math.min(k + 1, path.length);
			for (j = 2; j < d.length; j++) {
				fr = { name: names[b36(d[j])], depth: path.length,
				    up: path[path.length - 1], w: 0, self: 0 };
				full.f.push(fr);
				path.push(fr);
			}
			for (j = 0; j < path.length; j++)
				path[j].w += c;
			path[path.length - 1].self += c;
		}
		return full;
	}
	// what a drawn frame's callees not drawn hold: its total less its
	// self and its drawn callees' (the cost map's hover; 0 elsewhere)
	var kwdone = null;
	function narrow(fr) {
		var f = cur.f, i, n;
		if (!mapdat || fr.depth === undefined)
			return 0;
		if (kwdone !== cur) {
			for (i = 0; i < f.length; i++)
				f[i].kw = 0;
			for (i = 0; i < f.length; i++)
				if (f[i].up)
					f[i].up.kw += f[i].w;
			kwdone = cur;
		}
		n = fr.w - fr.self - (fr.kw || 0);
		return n > 1e-9 * fr.w ? n : 0;
	}
	// the search's matched count in the cost map's data: the frames
	// matched, drawn or not, those under a match left out; -1 without
	// the data
	function fullmatch(re) {
		var ft = fulltree(), f, i, fr, m = {}, sum = 0, d = Infinity;
		if (!ft)
			return -1;
		for (f = ft.f, i = 1; i < f.length; i++) {
			fr = f[i];
			if (fr.depth <= d)
				d = Infinity;
			if (d !== Infinity)
				continue;
			if (!(fr.name in m))
				m[fr.name] = !!re(fr.name);
			if (m[fr.name]) {
				sum += fr.w;
				d = fr.depth;
			}
		}
		return sum;
	}
	// the two trees of name, or null when no frame of it is in the
	// profile (in the frames drawn, without the cost map's data)
	function mtrees(name) {
		var ft = fulltree(), f = ft ? ft.f : cur.f, i, fr, up, a, n;
		var top = { id: 0, name: name, w: 0, self: 0, depth: 0, kids: [],
		    x: 0 };
		var ca = { by: {}, n: [top] }, ce = { by: {}, n: [{ id: 0,
		    name: name, w: 0, self: 0, depth: 0, kids: [], x: 0 }] };
		for (i = 1; i < f.length; i++) {
			fr = f[i];
			up = fr.up;
			fr.mI = !!up && (up.mI || (up.depth > 0 && up.name === name));
			fr.mN = null;
			if (fr.name === name)
				top.self += fr.self;
			if (fr.name === name && !fr.mI) {
				top.w += fr.w;
				fr.mN = ce.n[0];
				for (n = top, a = up; a && a.depth > 0; a = a.up) {
					n = mnode(ca, n, a.name);
					n.w += fr.w;
				}
			} else if (fr.mI && up.mN) {
				n = mnode(ce, up.mN, fr.name);
				n.w += fr.w;
				n.self += fr.self;
				fr.mN = n;
			}
		}
		if (!(top.w > 0))
			return null;
		ce.n[0].w = top.w;
		ce.n[0].self = top.self;
		return { ca: ca, ce: ce, top: top };
	}
	// each node's start, children by name (or the widest first with
	// --order weight), in pre-order from a stack; the tree's depth
	var byweight = svg.getAttribute("data-order") === "weight";
	function mplace(t) {
		var st = [t.n[0]], n, k, x, i, d = 0;
		while (st.length) {
			n = st.pop();
			d = Math.max(d, n.depth);
			n.kids.sort(function (p, q) {
				return byweight && p.w !== q.w ? q.w - p.w :
				    p.name < q.name ? -1 : p.name > q.name ? 1 : 0;
			});
			for (x = n.x, i = 0; i < n.kids.length; i++) {
				k = n.kids[i];
				k.x = x;
				x += k.w;
			}
			for (i = n.kids.length - 1; i >= 0; i--)
				st.push(n.kids[i]);
		}
		return d;
	}
	function mbox(g, n, x, y, w, rh, fill, what) {
		var r = mk("rect", g), t, l;
		r.setAttribute("x", x.toFixed(1));
		r.setAttribute("y", y.toFixed(1));
		r.setAttribute("width", Math.max(w, 0.1).toFixed(1));
		r.setAttribute("height", rh);
		r.setAttribute("fill", fill);
		r.fnode = n;
		n.what = what;
		mk("title", r).textContent = minfo(n);
		l = labtext({ name: n.name, w: n.w, depth: 1 }, w);
		if (l === "")
			return;
		t = mk("text", g);
		t.setAttribute("x", (x + 3).toFixed(1));
		t.setAttribute("y", (y + rh / 2 + 3).toFixed(1));
		if (ink(fill))
			t.setAttribute("style", "fill:#fff");
		t.textContent = l;
	}
	function minfo(n) {
		var r = root().w, s = n.name + " (" + fmt(n.w) + " " + countname +
		    ", " + pct(n.w, r);
		if (n.what === "f")
			s += "; self " + fmt(n.self) + ", " + pct(n.self, r) +
			    "; all call sites merged";
		else
			s += n.what === "c" ? "; calls it this way" :
			    "; self " + fmt(n.self) + "; under it";
		if (cost)
			s += "; cost " + money(cost * share(n.w, r));
		return s + ")";
	}
	function mergeopen(name, nopush) {
		var t = mtrees(name), f = cur.f, i, y, top = Infinity, fh, sc;
		var g, dc, de, fills = {}, n, rh = cur.rh, need, hd, ca, ce;
		if (!t)
			return false;
		if (fnv)
			mergeclose(true);
		if (zoomed)
			zoom(root(), true);
		for (i = 0; i < f.length; i++) {
			top = Math.min(top, +f[i].y0);
			if (!(f[i].name in fills))
				fills[f[i].name] = f[i].fill;
		}
		if (full)
			for (n in full.fills)
				if (!(n in fills))
					fills[n] = full.fills[n];
		fh = rh + 1;
		mplace(t.ca);
		mplace(t.ce);
		sc = (W - 2 * xpad) / t.top.w;
		// the boxes at least a pixel wide, as the cost map draws its
		// frames (what the others hold is in their caller's box)
		ca = t.ca.n.filter(function (n, i) {
			return i > 0 && n.w * sc >= 1;
		});
		ce = t.ce.n.filter(function (n, i) {
			return i === 0 || n.w * sc >= 1;
		});
		dc = de = 0;
		for (i = 0; i < ca.length; i++)
			dc = Math.max(dc, ca[i].depth);
		for (i = 0; i < ce.length; i++)
			de = Math.max(de, ce[i].depth);
		if (!fncss) {
			fncss = mk("style", svg);
			fncss.textContent = "#fnv rect:hover{stroke:#000;" +
			    "stroke-width:.5;cursor:pointer}\n#fnv text{pointer-" +
			    "events:none}\n#fnv text.th{font-weight:bold}";
		}
		g = mk("g", svg);
		g.id = "fnv";
		g.setAttribute("transform", "translate(0," + hdy + ")");
		hd = mk("text", g);
		hd.setAttribute("class", "th");
		hd.setAttribute("x", xpad);
		hd.setAttribute("y", (top + fh / 2 + 3).toFixed(1));
		hd.textContent = midcut(name, 60) + ": total " + fmt(t.top.w) +
		    " (" + pct(t.top.w, root().w) + "), self " + fmt(t.top.self) +
		    " (" + pct(t.top.self, root().w) + ")" + (cost ? ", " +
		    money(cost * share(t.top.self, root().w)) + " self" : "") +
		    "; callers above, callees below";
		for (i = 0; i < ca.length; i++) {
			n = ca[i];
			y = top + (1 + dc - n.depth) * fh;
			mbox(g, n, xpad + n.x * sc, y, n.w * sc, rh,
			    fills[n.name] || "#ccc", "c");
		}
		for (i = 0; i < ce.length; i++) {
			n = ce[i];
			y = top + (1 + dc + n.depth) * fh;
			mbox(g, n, xpad + n.x * sc, y, n.w * sc, rh,
			    fills[n.name] || "#ccc", i === 0 ? "f" : "e");
		}
		cur.g.setAttribute("display", "none");
		if (cur.L)
			cur.L.setAttribute("display", "none");
		unzoombtn.classList.remove("hide");
		fnv = { name: name, g: g, t: t };
		need = top + (2 + dc + de) * fh + num("data-fs", 12) * 2 + 10;
		setheight(Math.max(+cur.g.getAttribute("data-h") || 0, need));
		if (!nopush)
			seturl(true);
		return true;
	}
	function mergeclose(nopush) {
		if (!fnv)
			return;
		fnv.g.parentNode.removeChild(fnv.g);
		fnv = null;
		cur.g.removeAttribute("display");
		if (cur.L)
			cur.L.removeAttribute("display");
		if (!zoomed)
			unzoombtn.classList.add("hide");
		setheight(+cur.g.getAttribute("data-h"));
		details.nodeValue = " ";
		if (!nopush)
			seturl(true);
	}
	// a row of the cost map, or Alt- or Shift-click on a frame, opens it;
	// in the view a box opens its function, Reset Zoom closes it
	svg.addEventListener("click", function (e) {
		var t = e.target, fr, n = null;
		if (fnv && t.id === "unzoom") {
			mergeclose();
		} else if (fnv && t.fnode) {
			if (t.fnode.name !== fnv.name)
				mergeopen(t.fnode.name);
		} else if ((e.altKey || e.shiftKey) && (fr = frameof(t)) &&
		    fr.depth > 0) {
			mergeopen(fr.name);
		} else {
			for (; t && t !== svg && n === null; t = t.parentNode)
				if (t.classList && t.classList.contains("fnrow"))
					n = t.getAttribute("data-n");
			if (n === null || !mergeopen(n))
				return;
		}
		e.stopImmediatePropagation();
	}, true);
	svg.addEventListener("mouseover", function (e) {
		if (fnv && e.target.fnode)
			details.nodeValue = minfo(e.target.fnode);
	});
	window.addEventListener("keydown", function (e) {
		var a = document.activeElement, fr;
		if (e.keyCode === 27 && fnv && !(help &&
		    help.getAttribute("display") !== "none") && term === null) {
			e.stopImmediatePropagation();
			mergeclose();
		} else if (e.key === "m" && !e.ctrlKey && !e.metaKey && !e.altKey &&
		    a && a.fgi !== undefined && (fr = cur.f[a.fgi]) &&
		    fr.depth > 0) {
			e.stopImmediatePropagation();
			mergeopen(fr.name);
		}
	});
	window.addEventListener("popstate", function () {
		var m = getparams().m;
		if (m !== undefined && (!fnv || fnv.name !== m))
			mergeopen(m, true);
		else if (m === undefined && fnv)
			mergeclose(true);
	});
