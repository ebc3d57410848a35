// SPDX-License-Identifier: ISC
// Screenshots of an SVG as readers see it:
//   node shot.js FILE.svg PREFIX [QUERY]
// writes PREFIX-1400.png, PREFIX-800.png, PREFIX-600.png and
// PREFIX-400.png (1400x900, 800x600, 600x600 and 400x700 windows, first
// screen only), PREFIX-nojs.png and
// PREFIX-nojs-600.png (1400x900 and 600x600, JavaScript off),
// PREFIX-img.png (embedded as <img> in an HTML page, 1400x900),
// PREFIX-print.pdf and PREFIX-print-l.pdf (A4 portrait and landscape, as
// printed; PREFIX-print-a4.png and PREFIX-print-a4l.png their first pages
// when pdftoppm is installed) and PREFIX-print.png (print media).
"use strict";
const fs = require("fs");
const path = require("path");
const { launch, fileurl } = require("./lib.js");
(async () => {
	const [svg, prefix, query] = process.argv.slice(2);
	const { ctx, close } = await launch();
	const url = fileurl(svg) + (query || "");
	async function shot(name, w, h, fn) {
		const page = await ctx.newPage();
		page.on("pageerror", (e) => console.error("pageerror: " + e));
		await page.setViewportSize({ width: w, height: h });
		await fn(page);
		await page.screenshot({ path: prefix + "-" + name + ".png" });
		await page.close();
	}
	await shot("1400", 1400, 900, (p) => p.goto(url));
	await shot("800", 800, 600, (p) => p.goto(url));
	await shot("600", 600, 600, (p) => p.goto(url));
	await shot("400", 400, 700, (p) => p.goto(url));
	await shot("print", 1400, 900, async (p) => {
		await p.emulateMedia({ media: "print" });
		await p.goto(url);
	});
	const pp = await ctx.newPage();
	await pp.goto(url);
	for (const [sfx, landscape] of [["", false], ["-l", true]]) {
		const pdf = prefix + "-print" + sfx + ".pdf";
		await pp.pdf({ path: pdf, format: "A4", landscape }).catch((e) =>
		    console.error("pdf: " + e.message.split("\n")[0]));
		try {
			require("child_process").execFileSync("pdftoppm", ["-r", "96",
			    "-png", "-singlefile", pdf, prefix + "-print-a4" +
			    (landscape ? "l" : "")]);
		} catch (e) {
			console.error("pdftoppm (poppler-utils): " + e.message);
		}
	}
	await pp.close();
	const html = path.join(path.dirname(path.resolve(prefix)),
	    path.basename(prefix) + "-img.html");
	fs.writeFileSync(html, "<!doctype html><body style=\"margin:8px\">" +
	    "<p>Embedded as an image:</p><img style=\"max-width:100%\" src=\"" +
	    fileurl(svg) + "\"></body>");
	await shot("img", 1400, 900, async (p) => {
		await p.goto(fileurl(html));
		await p.waitForLoadState("load");
	});
	await close();
	// JavaScript off needs its own context
	const b = await require("./lib.js").launch({ javaScriptEnabled: false });
	for (const [sfx, w, h] of [["", 1400, 900], ["-800", 800, 600],
	    ["-600", 600, 600]]) {
		const page = await b.ctx.newPage();
		await page.setViewportSize({ width: w, height: h });
		await page.goto(url);
		await page.screenshot({ path: prefix + "-nojs" + sfx + ".png" });
		await page.close();
	}
	await b.close();
})();
