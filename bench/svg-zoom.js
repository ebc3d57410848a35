// SPDX-License-Identifier: ISC
// Times zooming in headless Chromium: for each SVG given, clicks frames at
// a few depths (each zoom, then the reset) and reports the median time from
// the click to the second animation frame after it, i.e. including style,
// layout and paint. usage: node bench/svg-zoom.js A.svg [B.svg ...]
"use strict";
const path = require("path");
const { launch, fileurl } = require(path.join(__dirname, "..", "tests",
    "browser", "lib.js"));

async function timeone(page, file) {
	await page.goto(fileurl(file));
	await page.waitForTimeout(300);
	return page.evaluate(async () => {
		const frames = document.getElementById("frames");
		// frame groups: fg-svg nests them in a view group, flamegraph.pl not
		let gs = Array.from(frames.querySelectorAll("g")).filter((g) =>
		    g.querySelector(":scope > rect"));
		const w = (g) => parseFloat(g.querySelector("rect").getAttribute("width"));
		// the widest frames below the root: they reveal the most
		gs = gs.filter((g) => w(g) > 20 && w(g) < 1100);
		gs.sort((a, b) => w(b) - w(a));
		const pick = gs.slice(0, 40).filter((g, i) => i % 8 === 0);
		const raf = () => new Promise((r) => requestAnimationFrame(() =>
		    requestAnimationFrame(r)));
		const click = (el) => el.dispatchEvent(new MouseEvent("click",
		    { bubbles: true, cancelable: true, view: window }));
		const times = [];
		for (const g of pick) {
			let t0 = performance.now();
			click(g.querySelector("rect"));
			await raf();
			times.push(performance.now() - t0);
			const u = document.getElementById("unzoom");
			t0 = performance.now();
			click(u);
			await raf();
			times.push(performance.now() - t0);
		}
		times.sort((a, b) => a - b);
		return { n: times.length, median: times[times.length >> 1],
		    max: times[times.length - 1],
		    frames: frames.querySelectorAll("rect").length };
	});
}

(async () => {
	const { ctx, close } = await launch();
	const page = await ctx.newPage();
	const errors = [];
	page.on("pageerror", (e) => errors.push(String(e)));
	for (const f of process.argv.slice(2)) {
		const r = await timeone(page, f);
		console.log("zoom " + path.basename(f) + ": median " +
		    r.median.toFixed(0) + " ms, max " + r.max.toFixed(0) +
		    " ms over " + r.n + " zooms/resets, " + r.frames + " frames");
	}
	if (errors.length)
		console.log("script errors: " + errors.join("; "));
	await close();
})();
