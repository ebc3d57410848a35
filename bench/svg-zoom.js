// SPDX-License-Identifier: ISC
// Measures SVG flame graphs in headless Chromium (1280x900), a fresh page
// per load: frames (the rects under #frames) and DOM nodes once loaded,
// first paint (Chromium's paint timing, from navigation start) and ready
// (two animation frames after the load event: the picture complete with
// its script's first work), each the median of FG_BENCH_LOADS loads (5),
// the files taken in turn so that a busy spell of the machine falls on all
// of them; and on the last load the median click-zoom and reset: three
// frames of different widths are clicked with the mouse (each zoom, then
// Reset Zoom; no new frame once FG_BENCH_ZOOM_BUDGET seconds, 60, are
// spent on a file: the line says how many),
// each timed from the press (its mousedown, which is where a browser
// starts its text selection) to the second animation frame after the
// click, so style, layout and paint are included; the mouse is moved
// there first, and the page left still 300 ms after each. Works on
// fg-svg's, flamegraph.pl's and inferno's SVGs alike (frames are found by
// rendered width). Prints one line per file: NAME bytes frames nodes
// paint ready zoom reset clicks (NaN for a figure it could not get; the
// reason goes to stderr). With FG_BENCH_TRACE=1, then per file lines
// "# NAME: ..." from Chromium traces of another load and its zooms: the
// main thread's CPU before the first paint and up to ready, and per zoom
// or reset, by kind of work (trace()).
// usage: node bench/svg-zoom.js NAME=FILE.svg [...]
"use strict";
const fs = require("fs");
const path = require("path");
const { launch, fileurl } = require(path.join(__dirname, "..", "tests",
    "browser", "lib.js"));

const raf2 = () => new Promise((r) => requestAnimationFrame(() =>
    requestAnimationFrame(r)));

// frames, nodes, first paint and ready, once loaded
async function loaded(page) {
	return page.evaluate(async () => {
		await new Promise((r) => requestAnimationFrame(() =>
		    requestAnimationFrame(r)));
		const ready = performance.now();
		const fp = performance.getEntriesByType("paint").find((e) =>
		    e.name === "first-paint");
		const fr = document.getElementById("frames");
		return { nodes: document.getElementsByTagName("*").length,
		    frames: fr ? fr.getElementsByTagName("rect").length : NaN,
		    paint: fp ? fp.startTime : NaN, ready };
	});
}

// One click on the element (a picked frame, i >= 0, or Reset Zoom): the
// ms from its press to the second frame after it, or NaN when the click
// did not land on it.
async function click(page, i) {
	const at = await page.evaluate((k) => {
		const el = k >= 0 ? window.fgBenchPick[k] :
		    document.getElementById("unzoom");
		el.scrollIntoView({ block: "center", inline: "nearest" });
		const b = el.getBoundingClientRect();
		const x = b.left + Math.min(b.width / 2, 12);
		const y = b.top + b.height / 2;
		window.fgBenchT = new Promise((r) => {
			let t0 = NaN;
			addEventListener("mousedown", () => {
				t0 = performance.now();
			}, { capture: true, once: true });
			addEventListener("click", () => requestAnimationFrame(() =>
			    requestAnimationFrame(() => r(performance.now() - t0))),
			    { capture: true, once: true });
		});
		return { x, y };
	}, i);
	await page.mouse.move(at.x, at.y);
	await page.evaluate(raf2);
	await page.mouse.down();
	await page.mouse.up();
	const t = await page.evaluate(() => Promise.race([window.fgBenchT,
	    new Promise((r) => setTimeout(() => r(NaN), 60000))]));
	await page.waitForTimeout(300);
	return t;
}

// the median click-zoom and reset
async function measure(page) {
	const n = await page.evaluate(() => {
		const frames = document.getElementById("frames");
		// frames' rects (fg-svg's frame is its rect, inferno's and
		// flamegraph.pl's a g around one); a hidden view's are 0 wide
		let gs = Array.from(frames.querySelectorAll("rect"));
		gs = gs.map((r) => [r, r.getBoundingClientRect().width])
		    .filter((a) => a[1] > 20 && a[1] < 1100);
		gs.sort((a, b) => b[1] - a[1]);
		window.fgBenchPick = gs.slice(0, 36).filter((g, i) => i % 12 === 0)
		    .map((a) => a[0]);
		return window.fgBenchPick.length;
	});
	const zt = [], rt = [], t0 = Date.now();
	const budget = 1000 * +(process.env.FG_BENCH_ZOOM_BUDGET || 60);
	for (let i = 0; i < n && (i === 0 || Date.now() - t0 < budget); i++) {
		zt.push(await click(page, i));
		rt.push(await click(page, -1));
	}
	const med = (a) => {
		a = a.filter((x) => !isNaN(x)).sort((x, y) => x - y);
		return a.length ? a[a.length >> 1] : NaN;
	};
	return { zoom: med(zt), reset: med(rt), n: zt.length };
}

// The main thread's CPU ms by kind of work in trace events ev (those of
// the renderer's main thread, tid), from t0 to t1 (trace time, us).
function cpu(ev, tid, t0, t1) {
	const kinds = { parse: ["ParseHTML", "DecodedDataDocumentParser::AppendBytes"],
	    style: ["UpdateLayoutTree"], layout: ["Layout"],
	    prepaint: ["PrePaint"], paint: ["Paint"], layerize: ["Layerize"],
	    script: ["EvaluateScript", "FunctionCall", "TimerFire",
	    "FireAnimationFrame", "v8.compile"],
	    input: ["EventDispatch"] };
	const r = { all: 0 };
	for (const e of ev) {
		if (e.tid !== tid || e.ph !== "X" || e.ts < t0 || e.ts > t1)
			continue;
		if (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask")
			r.all += e.tdur || 0;
		for (const k in kinds)
			if (kinds[k].includes(e.name))
				r[k] = (r[k] || 0) + (e.tdur || 0);
	}
	return Object.keys(r).map((k) => k + " " + (r[k] / 1000).toFixed(0))
	    .join(", ");
}

// A Chromium trace of another load and of its zooms (tracing slows it: its
// own page, not the figures above): the main thread's CPU before the first
// paint (and the bytes parsed by then: Chromium takes a file in 1 MiB
// pieces and may paint between two), up to ready, and per zoom or reset.
async function trace(ctx, file) {
	const page = await ctx.newPage();
	const cdp = await ctx.newCDPSession(page);
	let ev = [];
	cdp.on("Tracing.dataCollected", (d) => ev.push(...d.value));
	const cats = "devtools.timeline,loading,blink,toplevel";
	const start = () => cdp.send("Tracing.start",
	    { transferMode: "ReportEvents", categories: cats });
	const end = async () => {
		const done = new Promise((r) =>
		    cdp.once("Tracing.tracingComplete", r));
		await cdp.send("Tracing.end");
		await done;
	};
	const out = [];
	try {
		await start();
		await page.goto(fileurl(file), { timeout: 300000 });
		await page.evaluate(raf2);
		await end();
		const nav = ev.find((e) => e.name ===
		    "DocumentLoader::CommitNavigation");
		if (nav) {
			const x = ev.filter((e) => e.ph === "X" && e.tid === nav.tid)
			    .sort((a, b) => a.ts - b.ts);
			const p0 = x.find((e) => e.name === "Paint" &&
			    e.ts > nav.ts);
			const bytes = ev.filter((e) => e.name ===
			    "DocumentLoader::HandleData" && p0 && e.ts <= p0.ts)
			    .reduce((s, e) => s + ((e.args || {}).length || 0), 0);
			if (p0)
				out.push("first paint after " + bytes + " bytes " +
				    "parsed; main-thread CPU ms before it: " +
				    cpu(ev, nav.tid, nav.ts, p0.ts));
			out.push("to ready: " + cpu(ev, nav.tid, nav.ts, Infinity));
			ev = [];
			await start();
			const r = await measure(page);
			await end();
			out.push("per zoom or reset (" + 2 * r.n + "): " +
			    cpu(ev, nav.tid, 0, Infinity).replace(/(\d+)/g,
			    (m) => (m / (2 * r.n || 1)).toFixed(0)));
		}
	} finally {
		await page.close().catch(() => {});
	}
	return out;
}

// FG_BENCH_PROGRESS=1: each load and zoom on standard error as it ends
function progress(s) {
	if (process.env.FG_BENCH_PROGRESS === "1")
		console.error("svg-zoom.js: " + s);
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
				await page.goto(fileurl(f.file), { timeout: 300000 });
				l = await loaded(page);
				f.loads.push(l);
				progress(f.name + " load " + (k + 1) + ": ready " +
				    l.ready.toFixed(0) + " ms");
				if (k === nload - 1) {
					f.r = await measure(page);
					progress(f.name + ": zoom " +
					    f.r.zoom.toFixed(0) + " ms, reset " +
					    f.r.reset.toFixed(0) + " ms");
				}
			} catch (e) {
				errors.push(f.name + (l ? ": zoom not measured: " :
				    ": not measured: ") + String(e).split("\n")[0]);
			}
			await page.close().catch(() => {});
		}
	for (const f of files) {
		const { name, file, loads, r } = f;
		if (loads.length)
			console.log([name, fs.statSync(file).size, loads[0].frames,
			    loads[0].nodes,
			    med(loads.map((l) => l.paint)).toFixed(0),
			    med(loads.map((l) => l.ready)).toFixed(0),
			    r.zoom.toFixed(0), r.reset.toFixed(0), r.n].join(" "));
		if (process.env.FG_BENCH_TRACE !== "1")
			continue;
		const t = await trace(ctx, file).catch((e) => {
			errors.push(name + ": no trace: " + String(e).split("\n")[0]);
			return [];
		});
		for (const s of t)
			notes.push("# " + name + ": " + s);
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
