// SPDX-License-Identifier: ISC
// Browser test of the cost map's frames under a pixel (fg-svg --cost
// draws frames at least a pixel wide; the stacks go to the script as
// data) in headless Chromium, run by tests/cases/svg/costmap-fold-browser
// (fg-svg and fg-top on PATH), on a fleet where nearly every frame is
// narrower than a pixel: the function view merged from every call site,
// drawn or not, has fg-top's total and self and every caller; the
// search's matched share counts the frames not drawn; every frame drawn
// holds its self, its drawn callees and what its title says its callees
// not drawn hold, and the root all that was read.
"use strict";
const { execFileSync } = require("child_process");
const { launch, suite, run, opener, text, details } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-costfold-");
// one wide frame; 300 callers of hash_bytes (with memcpy under it), and
// parse beside it, each caller a few samples of 100,000: 0.03 px each
const n = 300, lines = ["main;big 98500"];
for (let i = 0; i < n; i++) {
	const c = "main;svc" + i;
	lines.push(c + ";hash_bytes 2", c + ";hash_bytes;memcpy 1",
	    c + ";parse " + (1 + i % 3));
	if (i % 10 === 0)	// an annotated name, a function of its own
		lines.push(c + ";lock_[k] 1");
}
const fleet = lines.join("\n") + "\n";
const all = lines.reduce((s, l) => s + +l.slice(l.lastIndexOf(" ") + 1), 0);

// fg-top's row of a function: [self, self%, total, total%]
function top(name) {
	const r = execFileSync("fg-top", ["-n", "0"], { input: fleet })
	    .toString().split("\n").map((l) => l.trim().split(/\s+/))
	    .find((x) => x[x.length - 1] === name);
	return r ? r.slice(0, 4) : null;
}

run(async () => {
	const file = svgof("fold", fleet, ["--cost", "64:0.04"]);
	const { ctx, close } = await launch();
	const errors = [];
	const open = opener(ctx, errors);
	let page = await open(file);
	const fr = await page.evaluate(() => window.fgsvg.frames().map((f) => ({
	    name: f.name, depth: f.depth, w: f.w, self: f.self,
	    up: f.up ? window.fgsvg.frames().indexOf(f.up) : -1,
	    t: f.r.firstChild.textContent })));
	check("few frames drawn of the " + (2 + 4 * n + n / 10) + " in the profile (" +
	    fr.length + ")", fr.length > 0 && fr.length < 10, fr.length);

	// counts in = counts shown: the root all that was read; each frame
	// its self, its drawn callees and its callees not drawn
	check("the root holds all " + all + " read", fr[0].w === all, fr[0]);
	const num = (s) => +s.replace(/,/g, "");
	const bad = fr.filter((f, i) => {
		const m = f.t.match(/callees not drawn: ([0-9,]+) /);
		const kids = fr.filter((k) => k.up === i).reduce((s, k) =>
		    s + k.w, 0);
		return f.w !== f.self + kids + (m ? num(m[1]) : 0);
	});
	check("every frame: total = self + drawn callees + callees not drawn",
	    bad.length === 0, bad);
	const main = fr.find((f) => f.name === "main"), nd = all - 98500;
	const nds = nd.toLocaleString("en-US"), ndp = (100 * nd / all)
	    .toFixed(2) + "%";
	check("main's title says what its callees not drawn hold",
	    main && main.t.includes("callees not drawn: " + nds +
	    " samples, " + ndp + ", cost "), main && main.t);
	const d = await details(page, "main");
	check("main's hover says so too", d.includes("callees not drawn " +
	    nds + " (" + ndp + ", "), d);

	// the function view of hash_bytes, whose frames are all under a pixel
	for (const name of ["hash_bytes", "memcpy", "parse", "lock_[k]"]) {
		page = await open(file, "?m=" + encodeURIComponent(name));
		const t = top(name);
		const want = name + ": total " + t[2] + " (" + (+t[3]).toFixed(2) +
		    "%), self " + t[0] + " (" + (+t[1]).toFixed(2) + "%)";
		const v = await page.evaluate(() => {
			const h = document.querySelector("#fnv text.th");
			return { h: h ? h.textContent : "", c: Array.from(document
			    .querySelectorAll("#fnv rect")).filter((r) =>
			    r.fnode.what === "c" && r.fnode.depth === 1).length };
		});
		check(name + "'s function view: fg-top's figures, " + want,
		    v.h.startsWith(want), v.h);
		const nc = name === "memcpy" ? 1 : name === "lock_[k]" ? n / 10 :
		    n;
		check(name + "'s function view: all " + nc + " callers", v.c === nc,
		    v.c);
	}
	// the search's share: every match, drawn or not
	page = await open(file, "?s=hash_bytes");
	const m = await text(page, "matched");
	const t = top("hash_bytes");
	check("the search's matched share counts the frames not drawn",
	    m.startsWith("Matched: " + (100 * num(t[2]) / all).toFixed(1) +
	    "%, "), [m, t]);
	check("no script errors", errors.length === 0, errors);
	await finish(close);
});
