// SPDX-License-Identifier: ISC
// Browser test: a hovered frame's details on narrow pages. On the real
// node.js pair (tests/data/real), in windows 400, 600 and 800 px wide,
// the details line under the frames stays inside the picture and the
// window, and the tip beside the frame stays inside the window and holds
// the numbers whole: its lines under the name, joined, are the numbers
// the details line shows whole in an 1800 px window. Run by
// tests/cases/svg/details-narrow-browser.
"use strict";
const path = require("path");
const { execFileSync } = require("child_process");
const { launch, fileurl, suite, run } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-details-");
const real = path.join(__dirname, "..", "data", "real");
const nodeDiff = execFileSync("fg-diff", [path.join(real, "node-v1.folded.gz"),
    path.join(real, "node-v2.folded.gz")]).toString();

// The details line, the tip's lines and their boxes, the picture's and
// the window's widths.
function shown() {
	const box = (e) => {
		const b = e.getBoundingClientRect();
		return { l: b.left, r: b.right, t: b.top, b: b.bottom };
	};
	const d = document.getElementById("details");
	const tip = document.getElementById("tip");
	const lines = Array.from(tip.querySelectorAll("text"))
	    .map((e) => e.textContent).filter((s) => s !== "");
	return { det: d.textContent, dbox: box(d), lines,
	    tbox: box(tip.querySelector("rect")),
	    W: document.documentElement.getBoundingClientRect().width,
	    win: window.innerWidth };
}

run(async () => {
	const { ctx, close } = await launch();
	const svg = svgof("node", nodeDiff, []);
	async function hover(w) {
		const page = await ctx.newPage();
		await page.setViewportSize({ width: w, height: 700 });
		await page.goto(fileurl(svg));
		await page.locator("#v0 > rect", { hasText: "main file" }).first()
		    .hover({ position: { x: 5, y: 5 } });
		const s = await page.evaluate(shown);
		await page.close();
		return s;
	}
	const wide = await hover(1800);
	const nums = wide.det.split(" \u00b7 ")[1];
	check("1800: the details line holds the numbers and the name",
	    wide.det.includes(" \u00b7 ") && nums.includes(" points ") &&
	    !nums.includes("\u2026"), wide.det);
	for (const w of [400, 600, 800]) {
		const s = await hover(w);
		const inside = (b) => b.l >= -0.5 && b.r <= s.W + 0.5 &&
		    b.r <= s.win + 0.5;
		check(w + ": the details line is inside the picture and window",
		    inside(s.dbox), s);
		check(w + ": the tip is inside the window", inside(s.tbox), s);
		check(w + ": the tip holds the numbers whole, wrapped",
		    s.lines.slice(1).join(" ") === nums, { lines: s.lines, nums });
	}
	await finish(close);
});
