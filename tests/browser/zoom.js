// SPDX-License-Identifier: ISC
// Browser test of fg-svg's zoom in headless Chromium: run by the test case
// tests/cases/svg/zoom-browser (fg-svg on PATH). In each layout (flame,
// --inverted, --flamechart, --reverse, a diff's views) a zoom draws the
// zoomed frame across the graph with its children in proportion under it,
// its ancestors across the graph greyed, nothing else on the page, labels
// inside their frames, and the hover numbers of the zoom; the reset puts
// every frame back. Boxes are measured as drawn (getBoundingClientRect, cut
// by the graph's clip), so a wrong transform, clip or label place fails.
// Prints one line per check.
"use strict";
const { launch, suite, run, demoDiff, opener } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-zoom-");
// the page follows the window (1280 wide, lib.js): the full frame width
const FULL = 1280 - 20, X0 = 10;
// main 200: a 100 (b 80: c 60, d 20; e 20), f 100; b's 3 frames are more
// than a third of the 8, and a zoom moves the view; under f 40 frames more,
// and the zoom into b is drawn in an overlay, the view left as it is
const tree = "main;a;b;c 60\nmain;a;b;d 20\nmain;a;e 20\nmain;f 100\n";
let wide = "main;a;b;c 60\nmain;a;b;d 20\nmain;a;e 20\nmain;f 60\n";
for (let i = 0; i < 40; i++)
	wide += "main;f;g" + i + " 1\n";
const near = (a, b) => Math.abs(a - b) < 0.6;

run(async () => {
	const { ctx, close } = await launch();
	const errors = [];
	const open = opener(ctx, errors, 20000);
	// every frame named n of the shown view as drawn (its copy in a
	// zoom's overlay, or its own element): its box cut by the graph's clip
	// (or null when nothing of it is on the page: clipped away or covered),
	// whether it is greyed (opacity), its label's box and text
	const boxes = (page, n) => page.evaluate((n) => {
		const c = document.querySelector("#fgclip rect");
		const lo = c ? +c.getAttribute("x") : 0;
		const hi = c ? lo + +c.getAttribute("width") : Infinity;
		return window.fgsvg.frames().filter((f) => f.name === n).map((f) => {
			const e = f.c || f.e, b = e.getBoundingClientRect();
			const x0 = Math.max(b.left, lo), x1 = Math.min(b.right, hi);
			const t = f.t && f.t.getBoundingClientRect();
			// on the page: not clipped away, nor under another layer
			if (x1 - x0 < 0.01 || b.width === 0 || document
			    .elementFromPoint((x0 + x1) / 2, (b.top + b.bottom) / 2) !== e)
				return null;
			return { x: x0, w: x1 - x0, top: b.top, bot: b.bottom,
			    grey: +getComputedStyle(e).opacity < 1, copy: !!f.c,
			    lab: f.t ? f.t.textContent : "",
			    lx: t ? t.left : 0, lr: t ? t.right : 0,
			    ly: t ? (t.top + t.bottom) / 2 : 0 };
		});
	}, n);
	const one = async (page, n) => (await boxes(page, n))[0];
	// a frame's label lies inside its box
	const inside = (b) => b && b.lab !== "" && b.lx >= b.x &&
	    b.lr <= b.x + b.w + 0.5 && b.ly > b.top && b.ly < b.bot;
	async function hover(page, n) {
		await page.mouse.move(0, 0);
		const b = await one(page, n);
		await page.mouse.move(b.x + b.w / 2, (b.top + b.bot) / 2);
		return page.evaluate(() =>
		    document.getElementById("details").textContent);
	}
	async function click(page, n) {
		const b = await one(page, n);
		await page.mouse.click(b.x + b.w / 2, (b.top + b.bot) / 2);
	}

	// the zoom into b, its reset, in one layout
	async function layout(what, args, ov) {
		const page = await open(svgof(what.replace(/\W+/g, "-"),
		    ov ? wide : tree, args));
		what += ov ? " (overlay)" : " (view moved)";
		const c0 = await one(page, "c");
		await click(page, "b");
		const [b, c, d, a, m, e, f] = await Promise.all(["b", "c", "d",
		    "a", "main", "e", "f"].map((n) => one(page, n)));
		check(what + ": the zoomed frame spans the graph", b &&
		    near(b.x, X0) && near(b.w, FULL) && !b.grey && b.copy === ov,
		    b);
		check(what + ": its children in proportion under it", c && d &&
		    near(c.w, 0.75 * FULL) && near(d.w, 0.25 * FULL) &&
		    (near(c.x, X0) && near(d.x, X0 + c.w) ||
		    near(d.x, X0) && near(c.x, X0 + d.w)) &&
		    !c.grey && !d.grey, { c, d });
		check(what + ": its ancestors span the graph, greyed", a && m &&
		    near(a.x, X0) && near(a.w, FULL) && near(m.w, FULL) &&
		    a.grey && m.grey, { a, m });
		check(what + ": nothing else is on the page",
		    e === null && f === null, { e, f });
		check(what + ": labels inside their frames, in full",
		    inside(c) && c.lab === "c" && inside(d) && d.lab === "d" &&
		    inside(b) && b.lab === "b", { b, c, d });
		const hc = await hover(page, "c");
		check(what + ": hover gives the share of the zoom and of all",
		    hc.includes(" \u00b7 total 60 samples (75.00% of zoomed, " +
		    "30.00% of all), self 60 (75.00% of zoomed)"), hc);
		const ha = await hover(page, "a");
		check(what + ": an ancestor hovers as its share of all",
		    ha.includes(" \u00b7 total 100 samples (50.00% of all; " +
		    "holds the zoomed frame)"), ha);
		await page.click("#unzoom");
		const [c1, f1] = await Promise.all(["c", "f"].map((n) =>
		    one(page, n)));
		check(what + ": the reset puts the frames back", c0 && c1 && f1 &&
		    near(c1.x, c0.x) && near(c1.w, c0.w) && near(c0.w, 0.3 * FULL) &&
		    near(f1.w, 0.5 * FULL) && !c1.grey, { c0, c1, f1 });
		await page.close();
	}
	for (const ov of [false, true]) {
		await layout("flame graph", [], ov);
		await layout("--inverted", ["--inverted"], ov);
		await layout("--flamechart", ["--flamechart"], ov);
	}

	// --reverse: the leaves at the root; zoomed into a leaf, the callers
	// are its children
	let page = await open(svgof("reverse", tree, ["--reverse"]));
	await click(page, "c");
	const [rc, rb] = await Promise.all(["c", "b"].map((n) =>
	    boxes(page, n)));
	const rbs = rb.filter((x) => x);
	check("--reverse: the zoomed leaf spans the graph, its caller under it",
	    rc[0] && near(rc[0].w, FULL) && rbs.length === 1 &&
	    near(rbs[0].w, FULL) && near(rbs[0].x, X0), { rc, rb });
	await page.close();

	// a deep zoom of a tiny frame: far beyond the file's precision
	const deep = ["main;big 1000000000", "main;tiny;l 7", "main;tiny;r 3"]
	    .join("\n") + "\n";
	page = await open(svgof("deep", deep, ["--minwidth", "0"]));
	await page.evaluate(() => window.fgsvg.zoom(window.fgsvg.frames()
	    .findIndex((x) => x.name === "tiny")));
	const [t, l, r, big] = await Promise.all(["tiny", "l", "r", "big"].map(
	    (n) => one(page, n)));
	check("a zoom a hundred million times deep keeps the proportions",
	    t && l && r && near(t.x, X0) && near(t.w, FULL) && near(l.x, X0) &&
	    near(l.w, 0.7 * FULL) && near(r.x, X0 + 0.7 * FULL) &&
	    near(r.w, 0.3 * FULL) && big === null && inside(l), { t, l, r, big });
	await page.close();

	// a diff: zoomed in the Differential view, the Baseline view keeps
	// the zoom, its frames in their own proportions (regexec is new: not
	// in it), and hovers its numbers (its total 1,880)
	page = await open(svgof("diff", demoDiff));
	await click(page, "parse");
	const [dp, ds, dx] = await Promise.all(["parse", "strstr", "regexec"]
	    .map((n) => one(page, n)));
	check("diff: the zoomed frame spans the graph, children in proportion",
	    dp && near(dp.w, FULL) && ds && dx && near(ds.w + dx.w, FULL) &&
	    near(ds.w, 100 / 550 * FULL), { dp, ds, dx });
	await page.click("#vb1");
	const [bp, bs, bx] = await Promise.all(["parse", "strstr", "regexec"]
	    .map((n) => one(page, n)));
	check("diff: the Baseline view keeps the zoom, in its proportions",
	    bp && near(bp.w, FULL) && bs && near(bs.w, FULL) && !bx,
	    { bp, bs, bx });
	const hb = await hover(page, "strstr");
	check("diff: the Baseline view hovers the zoom's numbers",
	    hb.includes(" \u00b7 total 500 \u2192 ") &&
	    hb.includes("; 100.00% of zoomed"),
	    hb);
	await page.close();
	check("no script errors", errors.length === 0, errors);
	await finish(close);
});
