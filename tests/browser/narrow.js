// SPDX-License-Identifier: ISC
// Browser test: at fixed widths from 300 px (--width) and in windows 400,
// 600 and 800 px wide (the fluid width, loaded so and resized to it) the
// head of a differential SVG stays apart and inside the picture and the
// window: title, subtitle, headline's two lines, Search and its
// neighbours, palette button, legend, the table's headings and each of
// its rows (whose colour, numbers and name stay apart too), the view
// switches and the first frame under them, on bounding boxes as drawn.
// Inputs: the demo diff (lib.js) and the real node.js pair in
// tests/data/real, both comparison modes, and the node pair's elided
// SVG (its long title). Run by tests/cases/svg/narrow-browser.
"use strict";
const path = require("path");
const { execFileSync } = require("child_process");
const { launch, fileurl, suite, run, demoDiff } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-narrow-");
const real = path.join(__dirname, "..", "data", "real");
const nodeDiff = execFileSync("fg-diff", [path.join(real, "node-v1.folded.gz"),
    path.join(real, "node-v2.folded.gz")]).toString();
const nodeElided = execFileSync("fg-elide", { input: nodeDiff }).toString();

// The boxes of what the head shows, as drawn (hidden ones left out), and
// the picture's and the window's widths.
function boxes() {
	const vis = (e) => e && e.getAttribute("display") !== "none" &&
	    e.getBoundingClientRect().width > 0;
	const box = (e, what) => {
		const b = e.getBoundingClientRect();
		return { what, l: b.left, r: b.right, t: b.top, b: b.bottom };
	};
	const ids = ["title", "subtitle", "headline", "headline2", "unzoom",
	    "helpbtn", "search", "ignorecase", "palbtn", "legend", "vlab",
	    "vb0", "vb1", "vb2"];
	const out = ids.map((id) => document.getElementById(id))
	    .filter(vis).map((e) => box(e, e.id));
	document.querySelectorAll("#changes > g > text")
	    .forEach((e, i) => vis(e) && out.push(box(e, "head" + i + " " +
	    e.textContent)));
	const rows = [];
	document.querySelectorAll("#changes .chg").forEach((g, i) => {
		out.push(box(g, "row" + i));
		rows.push(Array.from(g.children).filter((e) =>
		    e.nodeName !== "title").map((e, k) => box(e, "row" + i +
		    "." + k)));
	});
	const root = Array.from(document.querySelectorAll("#frames > g"))
	    .filter(vis)[0];
	if (root)
		out.push(box(root.querySelector("rect"), "root frame"));
	return { out, rows, diff: !!document.getElementById("headline"), W: document.documentElement.getBoundingClientRect()
	    .width, win: window.innerWidth };
}

function apart(a, b) {
	return a.r <= b.l + 0.5 || b.r <= a.l + 0.5 || a.b <= b.t + 0.5 ||
	    b.b <= a.t + 0.5;
}

// What overlaps or leaves the picture or the window (none: []).
function faults(bx) {
	const f = [], all = bx.out.concat(...bx.rows);
	bx.out.forEach((a, i) => bx.out.forEach((b, j) => {
		if (i < j && !apart(a, b))
			f.push(a.what + " / " + b.what);
	}));
	bx.rows.forEach((r) => r.forEach((a, i) => r.forEach((b, j) => {
		if (i < j && !apart(a, b))
			f.push(a.what + " / " + b.what);
	})));
	all.forEach((a) => {
		if (a.l < -0.5 || a.r > bx.W + 0.5 || a.r > bx.win + 0.5 ||
		    a.t < 0)
			f.push(a.what + " outside " + JSON.stringify([a.l, a.r,
			    a.t, bx.W, bx.win]));
	});
	return f;
}

run(async () => {
	const { ctx, close } = await launch();
	async function look(what, svg, w, resize) {
		const page = await ctx.newPage();
		const errors = [];
		page.on("pageerror", (e) => errors.push(String(e)));
		await page.setViewportSize({ width: resize ? 1280 : w, height: 700 });
		await page.goto(fileurl(svg));
		if (resize) {
			await page.setViewportSize({ width: w, height: 700 });
			await page.evaluate(() => new Promise((r) =>
			    requestAnimationFrame(() => requestAnimationFrame(r))));
		}
		const bx = await page.evaluate(boxes);
		const f = faults(bx);
		const need = ["title", "search", "root frame"].concat(bx.diff ?
		    ["headline", "headline2", "legend", "row0"] : []).filter((k) => !bx.out.some((b) => b.what === k));
		check(what + ": the head is apart and inside the picture and " +
		    "the window", errors.length === 0 && f.length === 0 &&
		    need.length === 0 && bx.W <= w + 0.5, { f, need, errors,
		    W: bx.W });
		await page.close();
	}
	const inputs = [["demo", demoDiff], ["node", nodeDiff]];
	for (const [name, input] of inputs)
		for (const mode of ["absolute", "proportional"]) {
			const m = mode === "proportional" ?
			    ["--mode", "proportional"] : [];
			for (const w of [300, 400, 500, 550, 599])
				await look("--width " + w + " (" + name + ", " +
				    mode + ")", svgof(name + mode + w, input,
				    ["--width", String(w)].concat(m)), w);
			const fluid = svgof(name + mode, input, m);
			for (const w of [400, 600, 800])
				await look("fluid, window " + w + " (" + name + ", " +
				    mode + ")", fluid, w);
			await look("fluid, window resized to 400 (" + name + ", " +
			    mode + ")", fluid, 400, true);
		}
	const el = svgof("elided", nodeElided, []);
	for (const w of [300, 400, 800])
		await look("fluid, window " + w + " (node, elided)", el, w);
	await finish(close);
});
