// SPDX-License-Identifier: ISC
// map.js: reading the graph as a cost map: --labels share's labels. A
// piece of fg-svg's script (data.js says how they join).
// Reads: astral, chw, cost, svg.
// Declares, for the others: curname, labtext.
// Calls: label, money, pct, root, share.

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
