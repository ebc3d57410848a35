// SPDX-License-Identifier: ISC
// head.js: the fluid width: the page's head laid out at the window's width
// as fg-svg lays it out at a fixed --width, and the page fitted to it. A
// piece of fg-svg's script (data.js says how they join).
// Reads: H, NS, bg, box, chw, cur, help, matched, palbtn, svg, xpad.
// Writes: W, pallab.
// Declares, for the others: LH, W0, fs, hdy, mroom, rline.
// Calls: $, boxplace, fix1, helpplace, midcut, mk, num, palmark, setheight,
//   zoom, zroot.

	// fluid width: the page follows the window (down to 300 px) unless
	// --width was given. The head is laid out at the window's width as
	// fg-svg lays it out at a fixed --width (place.c): the title under
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
	// greedy word wrap in lines of at most max characters (place.c's wrap)
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
		shift($("costmap"), 0, dt);
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

