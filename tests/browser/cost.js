// SPDX-License-Identifier: ISC
// Browser test of fg-svg --cost in headless Chromium: run by the test case
// tests/cases/svg/cost-browser (fg-svg on PATH). The hover line and the
// search's matched share carry the yearly cost. Prints one line per check.
"use strict";
const { launch, suite, run, opener, shown, text,
    details } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-cost-");
const plain = "main;parse;strstr 500\nmain;parse;memchr 12\n" +
    "main;io;read 300\nmain;compute;loop 1188\n";
const diff = "# fg-diff kind=diff mode=proportional base=a current=b\n" +
    "main;parse;strstr 500 100\nmain;parse;regexec 0 450\n" +
    "main;io;read 300 330\nmain;compute 1200 1300\n";

run(async () => {
	const { ctx, close } = await launch();
	const errors = [];
	const open = opener(ctx, errors);

	// 400 vCPUs at 0.04 an hour: 140,160 a year for the whole profile
	let page = await open(svgof("plain", plain, ["--cost", "400:0.04"]),
	    "?s=%2Fstr%7Cmem%2F");
	let m = await text(page, "matched");
	check("matched share with its yearly cost", m ===
	    "Matched: 25.6%, 35,881/yr", m);
	let d = await details(page, "read");
	check("hover shows the yearly cost", d.includes("; cost 21,024/yr"), d);
	await (await shown(page, "parse ("))
	    .click();
	m = await text(page, "matched");
	check("zoomed: the share is of the zoomed frame, the cost of the whole",
	    m === "Matched: 100%, 35,881/yr", m);
	d = await details(page, "memchr");
	check("zoomed: the hover's cost is of the whole",
	    d.includes("; cost 841/yr"), d);

	// no --cost: no cost anywhere
	page = await open(svgof("nocost", plain, []), "?s=str");
	m = await text(page, "matched");
	check("without --cost the matched share alone", m === "Matched: 25.0%", m);
	d = await details(page, "read");
	check("without --cost no cost in the hover", !d.includes("cost"), d);

	// a diff: the change's cost in the stream's mode, as fg-top --cost
	page = await open(svgof("diff", diff, ["--cost", "64:0.05"]));
	d = await details(page, "regexec");
	check("diff hover: cost and change cost", d.includes(
	    "; cost 5,786/yr, change +5,786/yr"), d);
	d = await details(page, "strstr");
	check("diff hover: a saving is negative", d.includes(
	    "; cost 1,286/yr, change -5,722/yr"), d);
	check("no script errors", errors.length === 0, errors);
	await finish(close);
});
