// SPDX-License-Identifier: ISC
// Browser test of the one verdict in headless Chromium: run by the test
// case tests/cases/svg/verdict-browser (fg-svg, fg-diff and fg-top on
// PATH). On a pair whose 5-point gate fails (main.encode grew about 23
// points spread over its callees), the picture at the same threshold
// paints the offender red, counts it in the headline and lists it in the
// table; a grey frame's hover names the rule that greyed it and the
// smallest change the data could have detected. On three node runs a side
// in proportional mode, where the gate fails on slowFn by its function's
// self test while the test over every frame leaves its frame within noise,
// the frame is red by the function's verdict and its hover says so. Prints
// one line per check.
"use strict";
const { execFileSync, spawnSync } = require("child_process");
const path = require("path");
const { launch, suite, run, opener, shown, text,
    details } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-verdict-");
const data = path.join(process.env.FG_TOP || ".", "tests", "data", "top");
const diff = execFileSync("fg-diff", [path.join(data, "encode-before.folded"),
    path.join(data, "encode-after.folded")]).toString();
// a wide frame that moved 17 points on 60 samples a side: within noise
const small = "main;a 30 40\nmain;b 30 20\n";
const rd = path.join(process.env.FG_TOP || ".", "tests", "data",
    "replicates");
const runs = execFileSync("fg-diff", ["-n"].concat(["aa1", "aa2", "aa3"].map(
    (r) => path.join(rd, "node-" + r + ".folded.gz")), ["--"], ["c1", "c2",
    "c3"].map((r) => path.join(rd, "node-" + r + ".folded.gz")))).toString();

run(async () => {
	const gate = spawnSync("fg-top", ["--fail-above", "5"], { input: diff });
	const named = /^fg-top: ([^:]*): frame/.exec(gate.stderr.toString());
	check("the 5-point gate fails and names main.encode", gate.status === 1 &&
	    named !== null && named[1] === "main.encode", gate.stderr.toString());

	const { ctx, close } = await launch();
	const errors = [];
	const open = opener(ctx, errors);

	let page = await open(svgof("encode", diff, ["--min-change", "5"]));
	const fill = await page.evaluate(() => {
		for (const r of document.querySelectorAll("#frames rect"))
			if (r.firstChild && r.firstChild.textContent
			    .startsWith("main.encode ("))
				return r.getAttribute("fill");
		return null;
	});
	check("the offender is red", fill === "#e61919", fill);
	const h2 = await text(page, "headline2");
	check("the headline counts it", / 1 grew,/.test(h2), h2);
	const first = await page.evaluate(() => {
		const g = document.querySelector("#col0 g.chg");
		return g ? g.getAttribute("data-n") : null;
	});
	check("the table lists it first", first === "main.encode", first);
	let d = await details(page, "fmt.Sprintf");
	check("a grey frame under the threshold says so and what was detectable",
	    /grey: under the 5-point threshold; could have detected \u00b1[0-9.]+ points/
	    .test(d), d);

	page = await open(svgof("small", small, ["--min-change", "5"]));
	d = await details(page, "a");
	check("a grey frame over the threshold is within noise, with its detectable change",
	    /grey: within noise; could have detected \u00b1[0-9.]+ points/.test(d), d);

	const rgate = spawnSync("fg-top", ["--fail-above", "1"], { input: runs });
	check("three runs a side: the 1-point gate fails on slowFn alone",
	    rgate.status === 1 && /^fg-top: slowFn [^\n]*: self /
	    .test(rgate.stderr.toString()) && !/^fg-top: (?!slowFn|gate)/m
	    .test(rgate.stderr.toString()), rgate.stderr.toString());
	page = await open(svgof("runs", runs, ["--min-change", "1"]));
	const rf = await page.evaluate(() => {
		for (const r of document.querySelectorAll("#frames rect"))
			if (r.firstChild && r.firstChild.textContent
			    .startsWith("slowFn "))
				return r.getAttribute("fill");
		return null;
	});
	check("slowFn's frame is red", rf === "#e61919", rf);
	const rh = await text(page, "headline2");
	check("the headline counts it", / 1 grew,/.test(rh), rh);
	const rfirst = await page.evaluate(() => {
		const g = document.querySelector("#col0 g.chg");
		return g ? g.getAttribute("data-n") : null;
	});
	check("the table lists it first", rfirst !== null &&
	    rfirst.startsWith("slowFn "), rfirst);
	d = await details(page, "slowFn file:///src/work.js:8");
	check("its hover says its function's verdict coloured it",
	    /by its function's self change, real \(the gate's verdict\)$/.test(d),
	    d);
	d = await details(page, "hashAll file:///src/work.js:7");
	check("a frame red by its own test does not say so", d !== null &&
	    !/its function's/.test(d), d);
	check("no script errors", errors.length === 0, errors);
	await finish(close);
});
