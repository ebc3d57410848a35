// SPDX-License-Identifier: ISC
// usage: node shot.js FILE.svg OUT.png [QUERY] [click-frame-index]
"use strict";
const { launch, fileurl } = require("./lib.js");
(async () => {
	const [svg, png, query, click] = process.argv.slice(2);
	const { ctx, close } = await launch();
	const page = await ctx.newPage();
	page.on("pageerror", (e) => console.error("pageerror: " + e));
	await page.goto(fileurl(svg) + (query || ""));
	if (click !== undefined)
		await page.evaluate((i) => window.fgsvg.zoom(+i), click);
	await page.screenshot({ path: png });
	await close();
})();
