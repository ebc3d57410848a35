// SPDX-License-Identifier: ISC
// Measures SVG flame graphs in headless Chromium (1280x900), one fresh page
// per file: DOM nodes once loaded, first paint (Chromium's paint timing,
// from navigation start), ready (two animation frames after the load
// event: the picture complete with its script's first work) and the median
// click-zoom repaint: frames at a few depths are clicked (each zoom, then
// the reset), each timed from the click to the second animation frame
// after it, so style, layout and paint are included. Works on fg-svg's,
// flamegraph.pl's and inferno's SVGs alike (frames are found by rendered
// width). Prints one line per file: NAME bytes nodes paint ready zoom reset
// (NaN for a figure it could not get; the reason goes to stderr).
// usage: node bench/svg-zoom.js NAME=FILE.svg [...]
"use strict";
const fs = require("fs");
const path = require("path");
const { launch, fileurl } = require(path.join(__dirname, "..", "tests",
    "browser", "lib.js"));

// nodes, first paint and ready, once loaded
async function loaded(page) {
	return page.evaluate(async () => {
		await new Promise((r) => requestAnimationFrame(() =>
		    requestAnimationFrame(r)));
		const ready = performance.now();
		const fp = performance.getEntriesByType("paint").find((e) =>
		    e.name === "first-paint");
		return { nodes: document.getElementsByTagName("*").length,
		    paint: fp ? fp.startTime : NaN, ready };
	});
}

// the median click-zoom and reset
async function measure(page) {
	return page.evaluate(async () => {
		const raf = () => new Promise((r) => requestAnimationFrame(() =>
		    requestAnimationFrame(r)));
		const frames = document.getElementById("frames");
		// frame groups: a g whose own rect is a frame
		let gs = Array.from(frames.querySelectorAll("g")).filter((g) => {
			const r = g.querySelector(":scope > rect");
			return r && g.getAttribute("display") !== "none";
		});
		const w = (g) => g.querySelector(":scope > rect")
		    .getBoundingClientRect().width;
		gs = gs.map((g) => [g, w(g)]).filter((a) => a[1] > 20 &&
		    a[1] < 1100);
		gs.sort((a, b) => b[1] - a[1]);
		const pick = gs.slice(0, 40).filter((g, i) => i % 8 === 0)
		    .map((a) => a[0]);
		const click = (el) => el.dispatchEvent(new MouseEvent("click",
		    { bubbles: true, cancelable: true, view: window }));
		const zt = [], rt = [];
		for (const g of pick) {
			let t0 = performance.now();
			click(g.querySelector(":scope > rect"));
			await raf();
			zt.push(performance.now() - t0);
			t0 = performance.now();
			click(document.getElementById("unzoom"));
			await raf();
			rt.push(performance.now() - t0);
		}
		const med = (a) => {
			a.sort((x, y) => x - y);
			return a.length ? a[a.length >> 1] : NaN;
		};
		return { zoom: med(zt), reset: med(rt), n: zt.length };
	});
}

(async () => {
	const { ctx, close } = await launch();
	const errors = [];
	for (const arg of process.argv.slice(2)) {
		const eq = arg.indexOf("="), name = arg.slice(0, eq),
		    file = arg.slice(eq + 1);
		const page = await ctx.newPage();
		page.on("pageerror", (e) => errors.push(name + ": " + e));
		page.on("crash", () => errors.push(name + ": the page crashed"));
		// one file's failure is reported and the others still measured;
		// a page lost while zooming still gives its load figures
		let l = null, r = { zoom: NaN, reset: NaN, n: 0 };
		try {
			await page.goto(fileurl(file), { timeout: 120000 });
			l = await loaded(page);
			r = await measure(page);
		} catch (e) {
			errors.push(name + (l ? ": zoom not measured: " :
			    ": not measured: ") + String(e).split("\n")[0]);
		}
		if (l)
			console.log([name, fs.statSync(file).size, l.nodes,
			    l.paint.toFixed(0), l.ready.toFixed(0),
			    r.zoom.toFixed(0), r.reset.toFixed(0), r.n].join(" "));
		await page.close().catch(() => {});
	}
	if (errors.length)
		console.error("script errors: " + errors.join("; "));
	await close();
})().catch((e) => {
	console.error("svg-zoom.js: " + e);
	process.exit(1);
});
