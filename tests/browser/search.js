// SPDX-License-Identifier: ISC
// Browser tests of the search's bound, one rule per run:
//   node search.js link   a shared link's ?s=/RE/ that a backtracking
// matcher takes exponential time on (/.?.?...(24)...(24 dots)\x00/, the
// issue's) loads and reports its share, one that matches too, and one
// whose work is far over the second the search may take stops and says
// so: no pattern holds the page (svg/search-link-bound-browser);
//   node search.js row   a click on a row of the table of changes whose
// function's name is written like /RE/ searches that name as it is: the
// frames marked are the ones of that name, and the address written holds
// a search that marks them again (svg/search-row-literal-browser).
"use strict";
const { launch, suite, run, opener } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-search-");

// the report's line and the names of the frames marked
function state() {
	return { report: document.getElementById("matched").textContent,
	    marked: Array.from(document.querySelectorAll("#v0 > rect.m"))
	    .map((r) => r.firstChild.textContent.replace(/ \([^(]*$/, "")) };
}

async function link() {
	const { ctx, close } = await launch();
	const errors = [];
	// a page that does not load in 20 s is a failure, not a wait
	const open = opener(ctx, errors, 20000);
	const file = svgof("redos", "main;" + "a".repeat(40) + " 30\n" +
	    "main;" + "a".repeat(40) + "! 10\nmain;b 10\n");
	const n = 24, slow = ".?".repeat(n) + ".".repeat(n);
	for (const [end, want] of [["\\x00", "Matched: 0.0%"],
	    ["!", "Matched: 20.0%"]]) {
		const page = await open(file, "?s=" +
		    encodeURIComponent("/" + slow + end + "/"));
		const o = await page.evaluate(state);
		check("?s=/(.?)x" + n + "(.)x" + n + end + "/ loads and reports " +
		    want, o.report === want && errors.length === 0,
		    { o, errors });
		await page.close();
	}
	// 8,000 steps over 400 names of 2,000 characters: about 10^10
	// steps, many seconds at any speed; the search stops after its second
	let big = "";
	for (let i = 0; i < 400; i++)
		big += "main;f" + i + "_" + "a".repeat(2000) + " 1\n";
	const page = await open(svgof("big", big, ["--minwidth", "0"]),
	    "?s=" + encodeURIComponent("/(?:.?){4000}\\x00/"));
	const o = await page.evaluate(state);
	check("a search far over its second stops and says so",
	    o.report === "Search stopped: too slow" && errors.length === 0,
	    { report: o.report, errors });
	await page.close();
	await finish(close);
}

async function row() {
	const { ctx, close } = await launch();
	const errors = [];
	const open = opener(ctx, errors, 20000);
	const re = "/" + ".?".repeat(16) + ".".repeat(16) + "!/";
	const file = svgof("rows", "# fg-diff kind=diff base=a current=b\n" +
	    "main;/^main$/ 100 400\nmain;x;/^main$/ 50 150\nmain 200 200\n" +
	    "main;" + re + " 10 300\nmain;" + "a".repeat(40) + " 100 100\n" +
	    "main;y;" + re.slice(1, -1) + " 100 100\n");
	let page = await open(file);
	for (const name of ["/^main$/", re]) {
		await page.click("#changes .chg[data-n=\"" + name.replace(/["\\]/g,
		    "\\$&") + "\"]");
		await page.waitForFunction(() => !window.fgsvg.pending());
		const o = await page.evaluate(state);
		check("a click on the row of " + name + " marks its frames, " +
		    "searched as it is", o.marked.length > 0 &&
		    o.marked.every((m) => m === name) &&
		    /^Matched: /.test(o.report) && errors.length === 0,
		    { o, errors });
		// the address holds that search: opened, it marks them again
		const url = await page.evaluate(() => location.href);
		const again = await open(file, url.slice(url.indexOf("?")));
		const p = await again.evaluate(state);
		check("the address written for " + name + " marks the same " +
		    "frames", JSON.stringify(p.marked) ===
		    JSON.stringify(o.marked) && p.report === o.report, { p, o });
		await again.close();
		await page.keyboard.press("Escape");
	}
	await page.close();
	await finish(close);
}

run(async () => {
	const parts = { link, row };
	const part = parts[process.argv[2]];
	if (!part)
		throw new Error("usage: search.js link|row");
	await part();
});
