// SPDX-License-Identifier: ISC
// wheel.js: zooming with the wheel, panning by a drag, and their keys;
// the graph kept out of the browser's text selection. A piece of fg-svg's
// script (data.js says how they join).
// Reads: cur, fnv, focused, svg, zoomed.
// Calls: frameof, mk, root, zoom.

	// A press on the graph starts no text selection: Chromium spent most
	// of a click on a large graph (213-659 ms at 214k frames) on it.
	mk("style", svg).textContent = "#frames,.fglab,.fgz,#fnv" +
	    "{-webkit-user-select:none;user-select:none}";
	// Zoom steps a level at a time, as a click does: Ctrl-wheel (a pinch
	// on a touchpad) in goes one level down toward the frame under the
	// pointer, out one level up; a sideways wheel or a drag sideways
	// over the graph pans to the zoomed frame's neighbour at its depth.
	// Keys: + and - zoom in (toward the focused frame) and out, [ and ]
	// pan.
	var wheelt = 0, drag = null, dragged = false;
	// the frame one level under the zoomed one on the way to fr
	function toward(fr) {
		var d = zoomed ? zoomed.depth : 0;
		if (!fr || fr.depth <= d || (zoomed && !within(fr, zoomed)))
			return null;
		while (fr.depth > d + 1)
			fr = fr.up;
		return fr;
	}
	function within(fr, z) {
		for (; fr; fr = fr.up)
			if (fr === z)
				return true;
		return false;
	}
	function zoomout() {
		if (zoomed)
			zoom(zoomed.up && zoomed.up.depth > 0 ? zoomed.up : root());
	}
	// the zoomed frame's neighbour at its depth, k = -1 left, 1 right
	function pan(k) {
		var f = cur.f, i;
		if (!zoomed)
			return;
		for (i = zoomed.e.fgi + k; i >= 0 && i < f.length; i += k)
			if (f[i].depth === zoomed.depth) {
				zoom(f[i]);
				return;
			}
	}
	// (no frame: the widest one a level under the zoomed one)
	function zoomin(fr) {
		var z = toward(fr), f = cur.f, p = zoomed || root(), i;
		for (i = p.e.fgi + 1; !z && i < f.length && f[i].depth > p.depth;
		    i++)
			if (f[i].depth === p.depth + 1 && (!fr || f[i].w > fr.w))
				fr = f[i];
		if (!z && fr && fr.depth === p.depth + 1)
			z = fr;
		if (z)
			zoom(z);
	}
	svg.addEventListener("wheel", function (e) {
		var now = Date.now(), dx = e.deltaX, dy = e.deltaY;
		if (fnv || (!e.ctrlKey && (e.shiftKey ? dy : dx) === 0))
			return;
		e.preventDefault();
		if (now - wheelt < 150)
			return;
		wheelt = now;
		if (e.ctrlKey) {
			if (dy < 0)
				zoomin(frameof(e.target));
			else if (dy > 0)
				zoomout();
		} else
			pan((e.shiftKey ? dy : dx) > 0 ? 1 : -1);
	}, { passive: false });
	svg.addEventListener("mousedown", function (e) {
		drag = e.button === 0 && frameof(e.target) ? { x: e.clientX } :
		    null;
		dragged = false;
	});
	svg.addEventListener("mouseup", function (e) {
		var dx = drag ? e.clientX - drag.x : 0;
		drag = null;
		if (Math.abs(dx) < 30 || !zoomed)
			return;
		dragged = true;
		pan(dx < 0 ? 1 : -1);
	});
	// a drag is not also a click
	svg.addEventListener("click", function (e) {
		if (!dragged)
			return;
		dragged = false;
		e.stopImmediatePropagation();
	}, true);
	window.addEventListener("keydown", function (e) {
		var a = document.activeElement, k = e.key;
		if (fnv || e.ctrlKey || e.metaKey || e.altKey)
			return;
		if (k === "+" || k === "=")
			zoomin(a && a.fgi !== undefined ? cur.f[a.fgi] : focused);
		else if (k === "-")
			zoomout();
		else if (k === "[" || k === "]")
			pan(k === "[" ? -1 : 1);
	});
