// SPDX-License-Identifier: ISC
// search.js: search: the matcher (a substring, or a regular expression run
// in time linear in the name), the matches marked, the search box. A piece of
// fg-svg's script (data.js says how they join).
// Reads: W, W0, aword, bword, cost, cur, icbtn, isdiff, matched, rline,
//   searchbtn, svg, xpad.
// Writes: ic, labdirty, term.
// Declares, for the others: box, literal.
// Calls: $, drawlabels, fmt, fullmatch, matchfit, mk, money, relayout, root,
//   seturl, share, signed, zroot.

	// search: a literal substring by default; /RE/ is a regular expression
	// in JavaScript's syntax, run by a matcher of this script's own that
	// follows every way through the expression at once (Thompson's
	// construction), so that its time grows with the name's length times
	// the expression's size and never exponentially, as a backtracking one
	// does on /(a+)+$/ or /a?a?a?aaa/. What it cannot run so (a
	// back-reference, a look-around) is refused, as is an expression over
	// MAXRE characters or MAXPROG steps once its repetitions are written
	// out; and a search stops after MAXMS, a clock the matcher itself
	// reads: a shared link must not freeze the page.
	var MAXRE = 4096, MAXPROG = 10000, MAXMS = 1000, until = 0;
	// the steps: [CHAR, code], [ANY] (.), [ONE, a RegExp for one
	// character], [SPLIT, a, b] and [JMP, a] (relative: a piece can be
	// copied as it is), the assertions and MATCH
	var CHAR = 0, ONE = 1, SPLIT = 2, JMP = 3, BOL = 4, EOL = 5, WB = 6,
	    NWB = 7, MATCH = 8, ANY = 9;
	function append(a, b) {
		for (var i = 0; i < b.length; i++)
			a.push(b[i]);
		return a;
	}
	// e repeated min to max times (max -1: no bound), or null when too big
	function rep(e, min, max) {
		var out = [], i, n = e.length;
		if (n * min + (max < 0 ? n + 2 : (max - min) * (n + 1)) >
		    MAXPROG)
			return null;
		for (i = 0; i < min; i++)
			append(out, e);
		if (max < 0) {
			out.push([SPLIT, 1, n + 2]);
			append(out, e);
			out.push([JMP, -n - 1]);
		} else
			for (i = min; i < max; i++) {
				out.push([SPLIT, 1, n + 1]);
				append(out, e);
			}
		return out;
	}
	// the alternatives of a group as one piece: a|b|c as a|(b|c)
	function alts(g) {
		var i, e = g.cur, x;
		for (i = g.alts.length - 1; i >= 0; i--) {
			x = g.alts[i];
			e = append(append([[SPLIT, 1, x.length + 2]], x),
			    [[JMP, e.length + 1]].concat(e));
		}
		return e;
	}
	// \c at i (after the backslash): [what, length], what a code, a
	// class's letter (dDwWsS), "b" or "B", or a string saying why none
	function escape(p, i, inset) {
		var c = p.charAt(i), m;
		if (/[1-9]/.test(c) || c === "k")
			return ["Refused: a back-reference", 1];
		if (/[dDwWsS]/.test(c) || (!inset && (c === "b" || c === "B")))
			return [c, 1];
		m = "tnvfr".indexOf(c);
		if (m >= 0)
			return [[9, 10, 11, 12, 13][m], 1];
		if (inset && c === "b")
			return [8, 1];
		if (c === "0" && !/[0-9]/.test(p.charAt(i + 1)))
			return [0, 1];
		m = c === "x" ? /^[0-9a-fA-F]{2}/.exec(p.slice(i + 1, i + 3)) :
		    c === "u" ? /^[0-9a-fA-F]{4}/.exec(p.slice(i + 1, i + 5)) :
		    c === "c" ? /^[a-zA-Z]/.exec(p.charAt(i + 1)) : null;
		if (m && c === "c")
			return [m[0].charCodeAt(0) % 32, 2];
		if (m)
			return [parseInt(m[0], 16), m[0].length + 1];
		if (c === "")
			return ["Bad regular expression", 1];
		return [c.charCodeAt(0), 1];
	}
	// one character as a step: a code, or (ignoring case) a RegExp
	function one(k, icase) {
		var s = String.fromCharCode(k);
		if (icase && s.toLowerCase() !== s.toUpperCase())
			return [ONE, new RegExp(s.replace(/[\\^$.*+?()[\]{}|]/,
			    "\\$&"), "i")];
		return [CHAR, k];
	}
	// the quantifier at p[i] as [min, max (-1: none), its length], or null
	function quant(p, i) {
		var m = /^(?:[*+?]|\{([0-9]+)(,([0-9]*))?\})[?]?/.exec(
		    p.slice(i, i + 40));
		if (!m)
			return null;
		if (m[0].charAt(0) === "{")
			return [+m[1], m[2] === undefined ? +m[1] :
			    m[3] === "" ? -1 : +m[3], m[0].length];
		// lazy (a ? after it): the same matches
		return [m[0].charAt(0) === "+" ? 1 : 0,
		    m[0].charAt(0) === "?" ? 1 : -1, m[0].length];
	}
	// the end (its ]) of the class opening at p[i], or a string saying
	// why there is none
	function classend(p, i) {
		var e;
		for (i++; i < p.length && p.charAt(i) !== "]"; i++)
			if (p.charAt(i) === "\\") {
				e = escape(p, i + 1, true);
				if (typeof e[0] === "string" && e[0].length > 1)
					return e[0];
				i += e[1];
			}
		return i < p.length ? i : "Bad regular expression";
	}
	// a group's opening at p[i] (after the "("): the length of what it
	// holds besides, or a string saying why it cannot be run
	function groupopen(p, i) {
		var m;
		if (p.charAt(i) !== "?")
			return 0;
		m = /^\?(:|<[A-Za-z_$][A-Za-z0-9_$]*>)/.exec(
		    p.slice(i, i + 260));
		if (m)
			return m[0].length;
		return /^\?<?[=!]/.test(p.slice(i, i + 3)) ?
		    "Refused: a look-around" : "Bad regular expression";
	}
	// The steps of pattern p, or a string saying why there are none; their
	// plain is true when p has no repetition and no alternative in a group
	// (each way through it is then tried once: a backtracking matcher
	// takes linear time too). Groups are a stack, not recursion: any depth
	// is read in one loop.
	function compile(p, icase) {
		var st = [], g = { alts: [], cur: [], last: null }, i, c, e, x;
		var plain = true;
		for (i = 0; i < p.length; i++) {
			c = p.charAt(i);
			x = quant(p, i);
			if (x) {
				if (!g.last || (x[1] >= 0 && x[1] < x[0]))
					return "Bad regular expression";
				plain = false;
				g.last = rep(g.last, x[0], x[1]);
				if (!g.last)
					return "Regular expression too long";
				i += x[2] - 1;
				append(g.cur, g.last);
				g.last = null;
				continue;
			}
			if (g.last)
				append(g.cur, g.last);
			g.last = null;
			if (g.cur.length > MAXPROG)
				return "Regular expression too long";
			if (c === "\\") {
				x = escape(p, i + 1, false);
				if (typeof x[0] === "string" && x[0].length > 1)
					return x[0];
				i += x[1];
				if (x[0] === "b" || x[0] === "B")
					g.cur.push([x[0] === "b" ? WB : NWB]);
				else if (typeof x[0] === "string")
					g.last = [[ONE, new RegExp("\\" +
					    x[0])]];
				else
					g.last = [one(x[0], icase)];
			} else if (c === "[") {
				// a class, read by a RegExp that only tests one
				// character
				x = classend(p, i);
				if (typeof x === "string")
					return x;
				try {
					e = new RegExp(p.slice(i, x + 1),
					    icase ? "i" : "");
				} catch (err) {
					return "Bad regular expression";
				}
				g.last = [[ONE, e]];
				i = x;
			} else if (c === "(") {
				x = groupopen(p, i + 1);
				if (typeof x === "string")
					return x;
				i += x;
				st.push(g);
				g = { alts: [], cur: [], last: null };
			} else if (c === ")") {
				if (st.length === 0)
					return "Bad regular expression";
				e = alts(g);
				g = st.pop();
				g.last = e;
			} else if (c === "|") {
				plain = plain && st.length === 0;
				g.alts.push(g.cur);
				g.cur = [];
			} else if (c === "^" || c === "$")
				g.cur.push([c === "^" ? BOL : EOL]);
			else if (c === ".")
				g.last = [[ANY]];
			else
				g.last = [one(p.charCodeAt(i), icase)];
		}
		if (st.length > 0)
			return "Bad regular expression";
		if (g.last)
			append(g.cur, g.last);
		e = alts(g);
		if (e.length > MAXPROG)
			return "Regular expression too long";
		e.push([MATCH]);
		e.plain = plain;
		return e;
	}
	function isword(s, k) {
		var c = k >= 0 && k < s.length ? s.charCodeAt(k) : 0;
		return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) ||
		    (c >= 97 && c <= 122) || c === 95;
	}
	// A function name -> true if prog matches somewhere in it, false, or
	// null once the clock passed until (search sets it). Each step is
	// taken once per character: a name costs its length times the steps.
	function machine(prog) {
		var mark = new Float64Array(prog.length), gen = 0, work = 0;
		var todo = [];
		// the steps reached from pc at k without reading: consuming
		// ones onto list; true when MATCH is among them
		function add(list, pc, s, k) {
			var op, w;
			todo.push(pc);
			while (todo.length > 0) {
				pc = todo.pop();
				if (mark[pc] === gen)
					continue;
				mark[pc] = gen;
				op = prog[pc];
				switch (op[0]) {
				case MATCH:
					todo.length = 0;
					return true;
				case JMP:
					todo.push(pc + op[1]);
					break;
				case SPLIT:
					todo.push(pc + op[2], pc + op[1]);
					break;
				case BOL:
				case EOL:
					if (op[0] === BOL ? k === 0 :
					    k === s.length)
						todo.push(pc + 1);
					break;
				case WB:
				case NWB:
					w = isword(s, k - 1) !== isword(s, k);
					if (w === (op[0] === WB))
						todo.push(pc + 1);
					break;
				default:
					list.push(pc);
				}
			}
			return false;
		}
		return function (s) {
			var cl = [], nl = [], k, j, pc, op, c, ch, ok, t;
			gen++;
			if (add(cl, 0, s, 0))
				return true;
			for (k = 0; k < s.length; k++) {
				c = s.charCodeAt(k);
				ch = null;
				gen++;
				for (j = 0; j < cl.length; j++) {
					pc = cl[j];
					op = prog[pc];
					if (op[0] === CHAR)
						ok = c === op[1];
					else if (op[0] === ANY)
						ok = c !== 10 && c !== 13 &&
						    (c | 1) !== 0x2029;
					else {
						if (ch === null)
							ch = s.charAt(k);
						ok = op[1].test(ch);
					}
					if (ok && add(nl, pc + 1, s, k + 1))
						return true;
				}
				if (add(nl, 0, s, k + 1))
					return true;
				work += cl.length + 1;
				if (work > 4096) {
					work = 0;
					if (Date.now() > until)
						return null;
				}
				t = cl;
				cl = nl;
				nl = t;
				nl.length = 0;
			}
			return false;
		};
	}
	// A function name -> bool (or null: out of time), or a string saying
	// why there is none.
	function matcher(t) {
		var prog, lt, re;
		if (t.length > 2 && t.charAt(0) === "/" &&
		    t.charAt(t.length - 1) === "/") {
			t = t.slice(1, -1);
			if (t.length > MAXRE)
				return "Regular expression too long";
			prog = compile(t, ic);
			if (typeof prog === "string")
				return prog;
			if (prog.plain) {
				try {
					re = new RegExp(t, ic ? "i" : "");
					return function (s) {
						return re.test(s);
					};
				} catch (err) {
					// read as this script reads it
				}
			}
			return machine(prog);
		}
		if (!ic)
			return function (s) { return s.indexOf(t) >= 0; };
		lt = t.toLowerCase();
		return function (s) { return s.toLowerCase().indexOf(lt) >= 0; };
	}
	// the term that searches for name as it is: a name written like /RE/
	// becomes a regular expression matching its characters
	function literal(name) {
		if (name.length > 2 && name.charAt(0) === "/" &&
		    name.charAt(name.length - 1) === "/")
			return "/" + name.replace(/[\\^$.*+?()[\]{}|\/]/g,
			    "\\$&") + "/";
		return name;
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
		until = t0 + MAXMS;
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
			if (m === null || (re !== null && (i & 255) === 255 &&
			    Date.now() > until)) {
				re = null;
				m = false;
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
		// the cost map's every frame, drawn or not, when not zoomed
		if (re !== null && !all && z.depth === 0 && !isdiff &&
		    (m = fullmatch(re)) >= 0)
			sum = m;
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

