// SPDX-License-Identifier: ISC
// search.js: search: the matcher (a substring, or a regular expression
// refused when unsafe), the matches marked, the search box. A piece of
// fg-svg's script (data.js says how they join).
// Reads: W, W0, aword, bword, cost, cur, icbtn, isdiff, matched, rline,
//   searchbtn, svg, xpad.
// Writes: ic, labdirty, term.
// Declares, for the others: box.
// Calls: $, drawlabels, fmt, matchfit, mk, money, relayout, root, seturl,
//   share, signed, zroot.

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

