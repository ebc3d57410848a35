// SPDX-License-Identifier: ISC
// details.js: numbers as the details line and the tooltip show them; the
// details line; the tooltip. A piece of fg-svg's script (data.js says how
// they join).
// Reads: H, W, aword, bword, cden, chw, cost, countname, curname, drift,
//   factor, floor, grey, isdiff, mdcp, mode, mroom, nametype, negate,
//   origin, svg, tchange, xpad, zcrit, zoomed.
// Declares, for the others: NS.
// Calls: narrow, root, wrap, zroot.

	// numbers: a count to the precision of a count, as fg-top shows it:
	// whole, or from 100 up rounded (fg-diff -n's 21779.000000025 is
	// 21,779), two decimals at most under it; a unit's (ms) two decimals
	function fmt(v) {
		v *= factor;
		var a = Math.abs(v), s;
		s = a === Math.floor(a) ? String(a) : factor !== 1 ?
		    a.toFixed(2) : a >= 100 ? String(Math.round(a)) :
		    a.toFixed(2).replace(/\.?0+$/, "");
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
		    a.toFixed(2)) + (curname ? " " + curname : "") + "/yr";
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
	// a frame's change as a fraction, in the mode in force
	function change(fr) {
		var r = root();
		if (!(r.tb > 0))
			return 0;
		return mode === "proportional" ?
		    (r.ta > 0 ? fr.ta / r.ta : 0) - fr.tb / r.tb :
		    (fr.ta / drift - fr.tb) / r.tb;
	}
	// the smallest change in points the test could have found here:
	// fg-top(1)'s detectable change (stats.h, fg_noise_mdc)
	function mdc(fr) {
		var r = root(), s0 = mdcp[1], s1 = mdcp[2], a, b, n0, n1, p, se;
		if (mdcp.length < 4 || !(s0 > 0) || !(s1 > 0) || !(r.tb > 0))
			return NaN;
		a = fr.tb * s0, b = fr.ta * s1, n0 = r.tb * s0, n1 = r.ta * s1;
		if (mode === "proportional") {
			p = (a + b) / (n0 + n1);
			se = Math.sqrt(p * (1 - p) * (1 / n0 + 1 / n1));
		} else
			se = Math.sqrt(a + b) / n0;
		if (!(se > 0))
			se = 1 / (mode === "proportional" ? n0 + n1 : n0);
		return 100 * mdcp[0] * se * Math.sqrt(mdcp[3]);
	}
	// the frames coloured by their function's verdict alone, fg-top's
	// gate's on its self change (fg-svg's "fnf" data: a line per view,
	// its index and theirs, base 36)
	var fnf = null;
	function byfn(fr) {
		var m, a, i, j, w;
		if (fnf === null) {
			fnf = Object.create(null);
			m = $("fnf");
			a = m ? m.textContent.split("\n") : [];
			for (i = 0; i < a.length; i++) {
				w = a[i].split(" ").map(b36);
				for (j = 1; j < w.length; j++)
					fnf[w[0] + " " + w[j]] = true;
			}
		}
		return fnf[cur.i + " " + fr.e.fgi] === true;
	}
	// which rule of the one verdict greyed a frame that changed: the
	// threshold (--min-change, fg-top's --fail-above), else the noise test
	function why(fr) {
		var p = Math.round(Math.abs(change(fr)) * 1e11) / 1e9, m = mdc(fr), s;
		if (zcrit === 0 && floor > 0)
			return "under the " + floor + "-point threshold";
		if (origin === "exact")
			s = "exact counts, under the " + floor + "-point threshold";
		else if (origin !== "sampled")
			s = "not tested (counts of unknown origin), under the " +
			    floor + "-point threshold";
		else if (floor > 0 && !(p > floor))
			s = "under the " + floor + "-point threshold";
		else
			s = "within noise";
		if (!isNaN(m))
			s += "; could have detected \u00b1" + m.toFixed(2) + " points";
		return s;
	}
	// What a hovered frame holds: [name, numbers], its total and self
	// labelled. A diff's counts go before -> after, its shares each of
	// its own side's total, once; with --negate the sides are named
	function info(fr) {
		var z = zroot(), rel = zoomed ? " of zoomed" : "", s, d, r = root();
		var inz = zoomed && fr.depth < z.depth;
		if (isdiff) {
			d = fr.ta - fr.tb;
			s = "total " + (negate ? bword : "") + fmt(fr.tb) +
			    " \u2192 " + (negate ? aword : "") + fmt(fr.ta) + " " +
			    countname + " (" + signed(d) + ", " + (fr.tb > 0 ?
			    (d > 0 ? "+" : "") + pct(d, fr.tb) : "new") + ")" +
			    points(fr);
			if (tchange > 0)
				s += ", " + pct(Math.abs(d), tchange) +
				    " of total change";
			s += ", share " + pct(fr.tb, r.tb) + " \u2192 " +
			    pct(fr.ta, r.ta) + "; self " + fmt(fr.fb) +
			    " \u2192 " + fmt(fr.fa);
			if (inz)
				s += "; holds the zoomed frame";
			else if (zoomed)
				s += "; " + pct(fr.w, z.w) + " of zoomed";
			if (fr.fill === grey && d !== 0 && fr.depth > 0)
				s += "; grey: " + why(fr);
			else if (fr.depth > 0 && byfn(fr))
				s += "; coloured by its function's self " +
				    "change, real (the gate's verdict)";
		} else if (inz)
			s = "total " + fmt(fr.w) + " " + countname + " (" +
			    pct(fr.w, r.w) + " of all; holds the zoomed frame)";
		else
			s = "total " + fmt(fr.w) + " " + countname + " (" +
			    pct(fr.w, z.w) + rel + (zoomed ? ", " + pct(fr.w, r.w) +
			    " of all" : "") + "), self " + fmt(fr.self) + " (" +
			    pct(fr.self, z.w) + rel + ")";
		if (cost > 0)
			s += costinfo(fr);
		if (!isdiff && (d = narrow(fr)) > 0)
			s += "; callees not drawn " + fmt(d) + " (" + pct(d, r.w) +
			    (cost > 0 ? ", " + money(cost * share(d, r.w)) : "") +
			    ")";
		if (trend && fr.depth > 0)
			s += "; trend of its " + trend.want + " share: " +
			    (trend.f[fr.name] ? trend.f[fr.name].s :
			    "does not move");
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
	// the name first, then the numbers, both whole when they fit; else
	// the name whole when the numbers keep half the line, cut in the
	// middle to half otherwise, and the numbers cut in the middle (their
	// start and the grey rule or cost at their end kept). A line of
	// under 27 characters (a narrow page, or the search's report beside
	// it: mroom, matchfit) is the name alone, and nothing under 12: the
	// tip beside the frame (showtip) carries them whole, wrapped
	function detailline(fr) {
		var t = info(fr), m = Math.floor((W - 2 * xpad - mroom) / chw),
		    a = Array.from(t[0]), b = Array.from(t[1]), n;
		if (m < 12)
			return " ";
		if (m < 27)
			return midcut(t[0], m);
		if (a.length + 3 + b.length <= m)
			return t[0] + " \u00b7 " + t[1];
		n = Math.min(a.length, Math.max(m - 3 - b.length,
		    Math.floor(m / 2)));
		return midcut(t[0], n) + " \u00b7 " + midcut(t[1], m - n - 3);
	}

	// fg-trend's stream: each function's verdict and chart (symbol tsK),
	// by name, from the lines "K<TAB>VERDICT<TAB>NAME" fg-svg wrote
	var trend = (function () {
		var m = document.getElementById("trend"), t, ls, i, a, b;
		if (!m)
			return null;
		t = { want: m.getAttribute("data-want"), f: {} };
		ls = m.textContent.split("\n");
		for (i = 0; i < ls.length; i++) {
			a = ls[i].indexOf("\t");
			b = ls[i].indexOf("\t", a + 1);
			if (a > 0 && b > a)
				t.f[ls[i].slice(b + 1)] = { k: ls[i].slice(0, a),
				    s: ls[i].slice(a + 1, b) };
		}
		return t;
	})();

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
		var pt = svg.createSVGPoint(), m = svg.getScreenCTM(), i, h, tr;
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
		// a trend's chart under the lines, when the frame has one
		tr = trend && fr.depth > 0 ? trend.f[fr.name] : null;
		if (tr) {
			if (!tip.u) {
				tip.u = mk("use", tip);
				tip.u.id = "tipchart";
			}
			tip.u.setAttribute("href", "#ts" + tr.k);
			tip.u.removeAttribute("display");
			w = Math.max(w, 208);
			h += 52;
		} else if (tip.u)
			tip.u.setAttribute("display", "none");
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
		if (tr) {
			tip.u.setAttribute("x", x + 4);
			tip.u.setAttribute("y", y + 16 * lines.length + 6);
			tip.u.setAttribute("width", 200);
			tip.u.setAttribute("height", 44);
		}
		tip.removeAttribute("display");
	}
	function hidetip() {
		if (tip)
			tip.setAttribute("display", "none");
	}

