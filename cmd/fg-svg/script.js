// SPDX-License-Identifier: ISC
// fg-svg's embedded script: zoom, search, views, details. Frames are read
// once into arrays; zooming computes every position from the counts in
// each frame's d attribute ("depth start total self [tb fb ta fa]") and
// only writes attributes that change. Labels are fitted with the font
// width estimate fg-svg uses, so nothing is measured in the DOM.
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
	var drift = num("data-drift", 1);
	// --cost: the profile's yearly cost; diff: the totals a change is a share of
	var cost = num("data-cost", 0);
	var cden = (svg.getAttribute("data-cden") || "0 0").split(" ").map(Number);
	var nametype = svg.getAttribute("data-nt") || "";
	var countname = svg.getAttribute("data-cn") || "";
	var searchcolor = "rgb(230,0,230)";
	function $(id) { return document.getElementById(id); }
	var details = $("details").firstChild, matched = $("matched").firstChild;
	var unzoombtn = $("unzoom"), searchbtn = $("search"), icbtn = $("ignorecase");
	var views = [], cur = null, zoomed = null, term = null, ic = false;
	var astral = /[\uD800-\uDFFF]/;

	function View(g, i) {
		this.g = g;
		this.i = i;
		this.f = null;
		this.btn = $("vb" + i);
	}
	function load(v) {
		var ch = v.g.children, f = [], i, e, d, t, k;
		for (i = 0; i < ch.length; i++) {
			e = ch[i];
			d = e.getAttribute("d").split(" ");
			t = e.children[0].textContent;
			k = t.lastIndexOf(" (");
			var fr = {
				e: e, r: e.children[1], t: e.children[2],
				depth: +d[0], s: +d[1], w: +d[2], self: +d[3],
				tb: +d[4], fb: +d[5], ta: +d[6], fa: +d[7],
				name: k >= 0 ? t.slice(0, k) : t,
				lab: e.children[2].textContent,
				hid: false, par: false, hl: false,
				fill: e.children[1].getAttribute("fill"),
				x0: e.children[1].getAttribute("x"),
				y0: e.children[1].getAttribute("y")
			};
			if (fr.depth === 0)
				fr.name = "all";
			e.fgi = f.length;
			f.push(fr);
		}
		v.f = f;
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
	function place(fr, x, w, par) {
		var xs = x.toFixed(1), ws = w.toFixed(1), l;
		if (fr.hid) {
			fr.e.removeAttribute("display");
			fr.hid = false;
		}
		if (fr.xs !== xs) {
			fr.r.setAttribute("x", xs);
			fr.t.setAttribute("x", (x + 3).toFixed(1));
			fr.xs = xs;
		}
		if (fr.ws !== ws) {
			fr.r.setAttribute("width", ws);
			fr.ws = ws;
			l = label(fr.name, w);
			if (l !== fr.lab) {
				fr.t.textContent = l;
				fr.lab = l;
			}
		}
		if (fr.par !== par) {
			if (par)
				fr.e.classList.add("parent");
			else
				fr.e.classList.remove("parent");
			fr.par = par;
		}
	}
	function hide(fr) {
		if (!fr.hid) {
			fr.e.setAttribute("display", "none");
			fr.hid = true;
		}
	}
	function zoom(z) {
		var f = cur.f, i, fr, s0 = z.s, t0 = z.w, d0 = z.depth;
		var k = (W - 2 * xpad) / t0, eps = t0 * 1e-9;
		for (i = 0; i < f.length; i++) {
			fr = f[i];
			if (fr.depth < d0) {
				if (fr.s <= s0 + eps && fr.s + fr.w >= s0 + t0 - eps)
					place(fr, xpad, W - 2 * xpad, true);
				else
					hide(fr);
			} else if (fr.s >= s0 - eps && fr.s + fr.w <= s0 + t0 + eps &&
			    (fr.depth > d0 || fr === z))
				place(fr, xpad + (fr.s - s0) * k, fr.w * k, false);
			else
				hide(fr);
		}
		zoomed = z.depth > 0 ? z : null;
		if (zoomed)
			unzoombtn.classList.remove("hide");
		else
			unzoombtn.classList.add("hide");
		search();
		seturl();
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
	function info(fr) {
		var z = zroot(), rel = zoomed ? " of zoomed" : "", s;
		s = nametype + " " + fr.name + ": " + fmt(fr.w) + " " + countname +
		    " (" + pct(fr.w, z.w) + rel;
		if (zoomed)
			s += ", " + pct(fr.w, root().w) + " of all";
		s += "), self " + fmt(fr.self) + " (" + pct(fr.self, z.w) + ")";
		if (isdiff) {
			var d = fr.ta - fr.tb;
			s += "; before " + fmt(fr.tb) + ", after " + fmt(fr.ta) +
			    ", delta " + signed(d) + " (" +
			    (fr.tb > 0 ? (d > 0 ? "+" : "") + pct(d, fr.tb) :
			    "new") + ")" + points(fr);
			if (tchange > 0)
				s += ", " + pct(Math.abs(d), tchange) +
				    " of total change";
		}
		if (cost > 0)
			s += costinfo(fr);
		return s;
	}

	// search
	function search(t) {
		if (t !== undefined)
			term = t;
		var f = cur.f, i, fr, re = null, m, sum = 0, end = -Infinity;
		var z = zroot(), any = false, all = false;
		if (term !== null && term !== "") {
			try {
				re = new RegExp(term, ic ? "i" : "");
			} catch (err) {
				re = null;
				matched.nodeValue = "Bad regular expression";
				$("matched").classList.remove("hide");
			}
		}
		for (i = 0; i < f.length; i++) {
			fr = f[i];
			m = re !== null && re.test(fr.name);
			if (m !== fr.hl) {
				fr.r.setAttribute("fill", m ? searchcolor : fr.fill);
				fr.hl = m;
			}
			if (!m || fr.hid)
				continue;
			any = true;
			if (fr.depth < z.depth || fr === z)
				all = true;
			else if (fr.s >= end) {
				sum += fr.w;
				end = fr.s + fr.w;
			}
		}
		if (re !== null) {
			searchbtn.classList.add("show");
			searchbtn.firstChild.nodeValue = "Reset Search";
			var p = all ? 100 : 100 * sum / z.w;
			matched.nodeValue = "Matched: " +
			    (p === 100 ? "100" : p.toFixed(1)) + "%" + (cost > 0 ?
			    ", " + money(cost * share(all ? z.w : sum, root().w)) : "");
			$("matched").classList.remove("hide");
		} else if (term === null || term === "") {
			searchbtn.classList.remove("show");
			searchbtn.firstChild.nodeValue = "Search";
			matched.nodeValue = " ";
		}
		return any;
	}
	function ask() {
		var t = window.prompt("Search for (regular expression" +
		    (ic ? ", ignoring case" : "") + "; Ctrl-I toggles case):",
		    term === null ? "" : term);
		if (t !== null)
			search(t === "" ? null : t);
		seturl();
	}
	function search_prompt() {
		if (term !== null) {
			search(null);
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

	// views
	function setview(i) {
		var v = views[i], k, f;
		if (!v || v === cur)
			return;
		if (cur) {
			f = cur.f;
			for (k = 0; k < f.length; k++)
				if (f[k].hl) {
					f[k].r.setAttribute("fill", f[k].fill);
					f[k].hl = false;
				}
		}
		for (k = 0; k < views.length; k++) {
			if (views[k] === v)
				continue;
			views[k].g.setAttribute("display", "none");
			if (views[k].btn)
				views[k].btn.classList.remove("on");
		}
		cur = v;
		if (!v.f)
			load(v);
		v.g.removeAttribute("display");
		if (v.btn)
			v.btn.classList.add("on");
		zoomed = null;
		zoom(root());
	}

	// URL state: ?x=&y= (the zoomed frame, as flamegraph.pl), s=, i=, v=
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
	function seturl() {
		var q = [];
		if (cur && cur.i !== 0)
			q.push("v=" + cur.i);
		if (zoomed)
			q.push("x=" + encodeURIComponent(zoomed.x0), "y=" + encodeURIComponent(zoomed.y0));
		if (term !== null && term !== "")
			q.push("s=" + encodeURIComponent(term));
		if (ic)
			q.push("i=1");
		var u = window.location.href.split("?")[0].split("#")[0];
		try {
			window.history.replaceState(null, "", q.length ? u + "?" + q.join("&") : u);
		} catch (err) {
			// some viewers forbid it; the state just is not kept
		}
	}

	// events
	function frameof(t) {
		while (t && t !== svg) {
			if (t.fgi !== undefined && t.parentNode === cur.g)
				return cur.f[t.fgi];
			t = t.parentNode;
		}
		return null;
	}
	svg.addEventListener("click", function (e) {
		var fr = frameof(e.target), id = e.target.id || "";
		if (fr) {
			zoom(fr);
			return;
		}
		if (id === "unzoom")
			zoom(root());
		else if (id === "search")
			search_prompt();
		else if (id === "ignorecase")
			toggle_ic();
		else if (id.slice(0, 2) === "vb")
			setview(+id.slice(2));
	});
	svg.addEventListener("mouseover", function (e) {
		var fr = frameof(e.target);
		if (fr)
			details.nodeValue = info(fr);
	});
	svg.addEventListener("mouseout", function (e) {
		if (frameof(e.target))
			details.nodeValue = " ";
	});
	window.addEventListener("keydown", function (e) {
		if (e.keyCode === 114 || ((e.ctrlKey || e.metaKey) && e.keyCode === 70)) {
			e.preventDefault();
			ask();
		} else if (e.ctrlKey && e.keyCode === 73) {
			e.preventDefault();
			toggle_ic();
		} else if (e.keyCode === 27) {
			if (term !== null) {
				search(null);
				seturl();
			} else if (zoomed)
				zoom(root());
		}
	});

	// start
	var gs = $("frames").children, i, p = getparams(), fr;
	for (i = 0; i < gs.length; i++)
		views.push(new View(gs[i], i));
	svg.classList.add("js");
	if (cost > 0) {
		// "Matched: x%, cost/yr" grows leftwards from the right margin
		$("matched").setAttribute("x", W - xpad);
		$("matched").setAttribute("text-anchor", "end");
	}
	if (p.i === "1") {
		ic = true;
		icbtn.classList.add("show");
	}
	if (p.s)
		term = p.s;
	setview(p.v && views[+p.v] ? +p.v : 0);
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
	window.fgsvg = { zoom: function (i) { zoom(cur.f[i]); }, search: search,
	    view: setview, frames: function () { return cur.f; } };
})();
