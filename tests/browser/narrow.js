// SPDX-License-Identifier: ISC
// Browser test: at fixed widths under 600 px (--width) the colour-blind
// palette button, the legend and the table's headings stay apart and
// inside the picture, for a diff in both comparison modes and for a
// profile coloured by --colorblind. Run by tests/cases/svg/narrow-browser.
"use strict";
const { launch, fileurl, suite, run, demoDiff } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-narrow-");
const diff = demoDiff;

run(async () => {
	const { ctx, close } = await launch();
	for (const mode of ["absolute", "proportional"])
		for (const w of [300, 400, 500, 550, 599]) {
			const page = await ctx.newPage();
			const errors = [];
			page.on("pageerror", (e) => errors.push(String(e)));
			await page.goto(fileurl(svgof(mode + w, diff, ["--width",
			    String(w)].concat(mode === "proportional" ?
			    ["--mode", "proportional"] : []))));
			const bx = await page.evaluate(() => ["palbtn", "legend"]
			    .map((id) => document.getElementById(id))
			    .concat(Array.from(document.querySelectorAll(
			    "#changes .th")))
			    .filter((e) => e && e.getAttribute("display") !== "none")
			    .map((e) => {
				const b = e.getBoundingClientRect();
				return [b.left, b.right, b.top, b.bottom,
				    e.textContent];
			    }));
			const apart = bx.every((a, i) => bx.every((b, j) => i === j ||
			    a[1] <= b[0] || b[1] <= a[0] || a[3] <= b[2] ||
			    b[3] <= a[2]));
			check("--width " + w + " (" + mode + "): the palette " +
			    "button, the legend and the headings are apart and " +
			    "inside the picture", errors.length === 0 &&
			    bx.length >= 2 && bx[0][4] !== "" && apart &&
			    bx.every((b) => b[0] >= 0 && b[1] <= w), { bx, errors });
			await page.close();
		}
	await finish(close);
});
