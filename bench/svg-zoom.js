// SPDX-License-Identifier: ISC
// Measures SVG flame graphs in headless Chromium (1280x900), a fresh page
// per load: DOM nodes once loaded, first paint (Chromium's paint timing,
// from navigation start) and ready (two animation frames after the load
// event: the picture complete with its script's first work), each the
// median of FG_BENCH_LOADS loads (5), the files taken in turn so that a
// busy spell of the machine falls on all of them; and on the last load
// the median click-zoom repaint: frames at a few depths are clicked (each
// zoom, then the reset), each timed from the click to the second animation
// frame after it, so style, layout and paint are included. Works on fg-svg's,
// flamegraph.pl's and inferno's SVGs alike (frames are found by rendered
// width). Prints one line per file: NAME bytes nodes paint ready zoom reset
// (NaN for a figure it could not get; the reason goes to stderr), then per
// file a line "# NAME: ..." saying what came before its first paint
// (before()).
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
		// frames' rects (fg-svg's frame is its rect, inferno's and
		// flamegraph.pl's a g around one); a hidden view's are 0 wide
		let gs = Array.from(frames.querySelectorAll("rect"));
		gs = gs.map((r) => [r, r.getBoundingClientRect().width])
		    .filter((a) => a[1] > 20 && a[1] < 1100);
		gs.sort((a, b) => b[1] - a[1]);
		const pick = gs.slice(0, 40).filter((g, i) => i % 8 === 0)
		    .map((a) => a[0]);
		const click = (el) => el.dispatchEvent(new MouseEvent("click",
		    { bubbles: true, cancelable: true, view: window }));
		const zt = [], rt = [];
		for (const r of pick) {
			let t0 = performance.now();
			click(r);
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

// What the main thread did before the first paint, from a Chromium trace of
// a second load (tracing slows it: its own page, not the figures above):
// the bytes the parser had taken (it takes the file in 1 MiB pieces and
// the first paint can come between two) and the thread's CPU time in
// parsing, style, layout, paint and script.
async function before(ctx, file) {
	const page = await ctx.newPage();
	const cdp = await ctx.newCDPSession(page);
	const ev = [];
	cdp.on("Tracing.dataCollected", (d) => ev.push(...d.value));
	const done = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
	await cdp.send("Tracing.start", { transferMode: "ReportEvents",
	    categories: "devtools.timeline,loading,blink" });
	try {
		await page.goto(fileurl(file), { timeout: 120000 });
		await page.evaluate(() => new Promise((r) =>
		    requestAnimationFrame(() => requestAnimationFrame(r))));
	} finally {
		await cdp.send("Tracing.end");
		await done;
		await page.close().catch(() => {});
	}
	const nav = ev.find((e) => e.name === "DocumentLoader::CommitNavigation");
	if (!nav)
		return null;
	const x = ev.filter((e) => e.ph === "X" && e.tid === nav.tid)
	    .sort((a, b) => a.ts - b.ts);
	const a0 = x.find((e) => e.name === "DecodedDataDocumentParser::AppendBytes");
	const p0 = a0 && x.find((e) => e.name === "Paint" && e.ts > a0.ts);
	if (!p0)
		return null;
	const pre = x.filter((e) => e.ts <= p0.ts);
	const cpu = (...names) => (pre.filter((e) => names.includes(e.name))
	    .reduce((s, e) => s + (e.tdur || 0), 0) / 1000).toFixed(0);
	return { bytes: pre.filter((e) => e.name === "DocumentLoader::HandleData")
	    .reduce((s, e) => s + ((e.args || {}).length || 0), 0),
	    parse: cpu("DecodedDataDocumentParser::AppendBytes"),
	    style: cpu("UpdateLayoutTree"), layout: cpu("Layout"),
	    paint: cpu("Paint"), script: cpu("EvaluateScript", "FunctionCall") };
}

(async () => {
	const { ctx, close } = await launch();
	const notes = [];
	const errors = [];
	const files = process.argv.slice(2).map((arg) => {
		const eq = arg.indexOf("=");
		return { name: arg.slice(0, eq), file: arg.slice(eq + 1),
		    loads: [], r: { zoom: NaN, reset: NaN, n: 0 } };
	});
	const nload = Math.max(1, +(process.env.FG_BENCH_LOADS || 5));
	const med = (a) => {
		a = a.filter((x) => !isNaN(x)).sort((x, y) => x - y);
		return a.length ? a[a.length >> 1] : NaN;
	};
	for (let k = 0; k < nload; k++)
		for (const f of files) {
			const page = await ctx.newPage();
			page.on("pageerror", (e) => errors.push(f.name + ": " + e));
			page.on("crash", () => errors.push(f.name +
			    ": the page crashed"));
			// one file's failure is reported and the others still
			// measured; a page lost while zooming still gives its
			// load figures
			let l = null;
			try {
				await page.goto(fileurl(f.file), { timeout: 120000 });
				l = await loaded(page);
				f.loads.push(l);
				if (k === nload - 1)
					f.r = await measure(page);
			} catch (e) {
				errors.push(f.name + (l ? ": zoom not measured: " :
				    ": not measured: ") + String(e).split("\n")[0]);
			}
			await page.close().catch(() => {});
		}
	for (const f of files) {
		const { name, file, loads, r } = f;
		if (loads.length)
			console.log([name, fs.statSync(file).size, loads[0].nodes,
			    med(loads.map((l) => l.paint)).toFixed(0),
			    med(loads.map((l) => l.ready)).toFixed(0),
			    r.zoom.toFixed(0), r.reset.toFixed(0), r.n].join(" "));
		const b = await before(ctx, file).catch((e) => {
			errors.push(name + ": no trace: " + String(e).split("\n")[0]);
			return null;
		});
		if (b)
			notes.push("# " + name + ": first paint after " + b.bytes +
			    " of " + fs.statSync(file).size + " bytes parsed; main-" +
			    "thread CPU ms before it: parse " + b.parse + ", style " +
			    b.style + ", layout " + b.layout + ", paint " + b.paint +
			    ", script " + b.script);
	}
	for (const n of notes)
		console.log(n);
	if (errors.length)
		console.error("script errors: " + errors.join("; "));
	await close();
})().catch((e) => {
	console.error("svg-zoom.js: " + e);
	process.exit(1);
});
