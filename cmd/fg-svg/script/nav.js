// SPDX-License-Identifier: ISC
// nav.js: the state in the URL and the history, the table of changes' rows,
// the mouse and the keyboard, focus, help, and the start (and the end of
// the function the pieces make). A piece of fg-svg's script (data.js says
// how they join).
// Reads: LH, W, alton, chw, cur, details, fnv, fs, icbtn, searchbtn, svg,
//   views, xpad, zoomed.
// Writes: ic, started, term.
// Declares, for the others: focused, help.
// Calls: $, View, ask, detailline, el, fit, hidetip, literal, mergeopen,
//   mk, palettebutton, root, search, search_prompt, setcls, setpalette,
//   setview, showtip, tidy, toggle_ic, wrap, zoom.

	// URL state: ?x=&y= (the zoomed frame, as flamegraph.pl), s=, i=, v=, c=,
	// m= (the function view, map.js)
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
		if (fnv)
			q.push("m=" + encodeURIComponent(fnv.name));
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
			if (t.classList && (t.classList.contains("chg") ||
			    t.classList.contains("fnrow")))
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
		search(literal(name));
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
		"m or Alt-click: the frame's function as one box, callers " +
		    "above, callees below",
		"Ctrl-wheel, + and -: zoom in and out a level",
		"Shift-wheel, a drag, [ and ]: pan to the neighbour",
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
	if (p.m)
		mergeopen(p.m, true);
	started = true;
	focused = root();
	tabto(focused);
	window.fgsvg = { zoom: function (i) { zoom(cur.f[i]); }, search: search,
	    view: setview, frames: function () { return cur.f; },
	    pending: function () { return urlq.length > 0; } };
})();
