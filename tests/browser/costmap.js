// SPDX-License-Identifier: ISC
// Browser tests of the fleet cost map (fg-svg --cost with its first
// screen, --labels share, --order weight) in headless Chromium, run by
// tests/cases/svg/costmap-browser (fg-svg and fg-top on PATH): in 1400x900
// and 800x600 windows, with scripts on and off, the headline's yearly
// total and the cost table's first row (the function whose self cost
// merged over its call sites is largest, not the widest single box) are on
// the first screen; share labels and left-heavy order are drawn; with the
// script, hovering a row outlines all the function's frames, clicking it
// opens the function view whose total and self are fg-top's, kept in the
// URL, Esc closes it, Alt-click opens it from a frame, and Ctrl-wheel
// zooms in and out a level. One browser a script state, one page load a
// window size and state, and one for the view opened from its URL.
"use strict";
const { execFileSync } = require("child_process");
const { launch, suite, run, opener, shown } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-costmap-");
// hash_bytes under three callers costs most in all (36), while the widest
// single box is big (25); memcpy runs under one of them
const fleet = ["main;a;hash_bytes 12", "main;b;hash_bytes 10",
    "main;c;hash_bytes 10", "main;b;hash_bytes;memcpy 6", "main;big 25",
    "main;io;read 9", "main;io;read;hash_bytes 4", "main;a;parse 7"]
    .join("\n") + "\n";
const vcpus = 64, price = 0.04;
const args = ["--cost", vcpus + ":" + price, "--currency", "EUR",
    "--labels", "share", "--order", "weight"];

// What the input says, worked out here: each function's self and total
// merged (a stack counted once in a total), the widest single box
function figures() {
	const self = {}, tot = {};
	let all = 0, widest = null;
	for (const l of fleet.trim().split("\n")) {
		const k = l.lastIndexOf(" "), c = +l.slice(k + 1);
		const fr = l.slice(0, k).split(";");
		all += c;
		self[fr[fr.length - 1]] = (self[fr[fr.length - 1]] || 0) + c;
		for (const n of new Set(fr))
			tot[n] = (tot[n] || 0) + c;
	}
	const byself = Object.keys(self).sort((x, y) => self[y] - self[x]);
	return { self, tot, all, first: byself[0] };
}
const money = (v) => String(Math.round(v)).replace(/\B(?=(\d{3})+(?!\d))/g,
    ",");
const sizes = [[1400, 900], [800, 600]];

// the headline and the first row: their text, and whether each lies in
// the window
async function first(page, w, h) {
	return page.evaluate(([w, h]) => {
		const inside = (e) => {
			const r = e.getBoundingClientRect();
			return r.width > 0 && r.left >= 0 && r.top >= 0 &&
			    r.right <= w && r.bottom <= h;
		};
		const hd = document.getElementById("maphead");
		const row = document.querySelector(".fnrow");
		return { head: hd ? hd.textContent : "", hin: !!hd && inside(hd),
		    row: row ? row.getAttribute("data-n") : "",
		    rin: !!row && inside(row.lastChild) };
	}, [w, h]);
}

run(async () => {
	const fg = figures(), file = svgof("fleet", fleet, args);
	const total = "Total: " + money(vcpus * price * 8760) + " EUR/yr";
	check("the fixture's merged first (" + fg.first + ") is not its " +
	    "widest single box (big)", fg.first === "hash_bytes" &&
	    fg.self.big > 12);

	// scripts off: the first screen is static text
	let b = await launch({ javaScriptEnabled: false });
	let page = await b.ctx.newPage();
	for (const [w, h] of sizes) {
		await page.setViewportSize({ width: w, height: h });
		await page.goto("file://" + file);
		const f = await first(page, w, h);
		check(`no script ${w}x${h}: the headline's total on the first ` +
		    "screen", f.head.startsWith(total) && f.hin, f);
		check(`no script ${w}x${h}: the table's first row is ` + fg.first,
		    f.row === fg.first && f.rin, f);
	}
	const lab = await page.evaluate(() => Array.from(document.querySelectorAll(
	    "#frames text")).map((t) => t.textContent));
	const big = "big (" + (100 * fg.tot.big / fg.all).toFixed(2) + "%, " +
	    money(vcpus * price * 8760 * fg.tot.big / fg.all) + " EUR/yr)";
	check("share labels: " + big, lab.includes(big), lab);
	// main's children, widest first
	const kids = await page.evaluate(() => Array.from(document.querySelectorAll(
	    "#frames rect")).filter((r) => r.getAttribute("d").split(" ")[0] ===
	    "2").map((r) => [+r.getAttribute("x"), +r.getAttribute("width")]));
	check("left-heavy: main's children drawn widest first", kids.length >
	    2 && kids.every((k, i) => i === 0 || (k[0] > kids[i - 1][0] &&
	    k[1] <= kids[i - 1][1])), kids);
	await b.close();

	// scripts on
	b = await launch();
	const errors = [];
	const open = opener(b.ctx, errors);
	for (const [w, h] of sizes) {
		page = await open(file);
		await page.setViewportSize({ width: w, height: h });
		await page.waitForTimeout(200);
		const f = await first(page, w, h);
		check(`script ${w}x${h}: the headline's total on the first ` +
		    "screen", f.head.startsWith(total) && f.hin, f);
		check(`script ${w}x${h}: the table's first row is ` + fg.first,
		    f.row === fg.first && f.rin, f);
	}
	// hovering the row outlines every frame of the function
	await page.hover(".fnrow >> nth=0");
	let n = await page.evaluate((m) => [document.querySelectorAll(
	    "#frames rect.o").length, window.fgsvg.frames().filter((x) =>
	    x.name === m).length], fg.first);
	check("hovering the row outlines all " + n[1] + " frames", n[1] === 4 &&
	    n[0] === n[1], n);
	// clicking it: the function view, its figures fg-top's
	await page.click(".fnrow >> nth=0");
	await page.waitForTimeout(400);
	const top = execFileSync("fg-top", ["-n", "0"], { input: fleet })
	    .toString().split("\n").map((l) => l.trim().split(/\s+/))
	    .find((r) => r[r.length - 1] === fg.first);
	const want = fg.first + ": total " + top[2] + " (" + (+top[3])
	    .toFixed(2) + "%), self " + top[0] + " (" + (+top[1]).toFixed(2) +
	    "%)";
	let hd = await page.evaluate(() => {
		const t = document.querySelector("#fnv text.th");
		return t ? t.textContent : "";
	});
	check("the function view's total and self are fg-top's: " + want,
	    hd.startsWith(want), hd);
	const boxes = await page.evaluate(() => Array.from(document
	    .querySelectorAll("#fnv rect")).map((r) => r.fnode.name + ":" +
	    r.fnode.what));
	check("its callers above (a, b, c, read) and callee under (memcpy)",
	    ["a:c", "b:c", "c:c", "read:c", "memcpy:e", fg.first + ":f"]
	    .every((x) => boxes.includes(x)), boxes);
	await page.waitForTimeout(400);
	check("the view is in the URL", page.url().endsWith("?m=" + fg.first),
	    page.url());
	await page.keyboard.press("Escape");
	await page.waitForTimeout(400);
	n = await page.evaluate(() => !!document.getElementById("fnv"));
	check("Esc closes it", !n && !page.url().includes("m="), page.url());
	// Alt-click on a frame
	await page.keyboard.down("Alt");
	await (await shown(page, "read (")).click();
	await page.keyboard.up("Alt");
	hd = await page.evaluate(() => {
		const t = document.querySelector("#fnv text.th");
		return t ? t.textContent : "";
	});
	check("Alt-click on a frame opens its function", hd.startsWith(
	    "read: total " + fg.tot.read + " "), hd);
	await page.keyboard.press("Escape");
	// Ctrl-wheel over memcpy: one level in (main), again (b), out (main)
	const m = await (await shown(page, "memcpy (")).boundingBox();
	const zoomed = () => page.evaluate(() => {
		const f = window.fgsvg.frames(), z = f.filter((x) => !x.hid &&
		    !x.par);
		return z.length ? z[0].name : "";
	});
	const steps = [];
	for (const dy of [-100, -100, 100]) {
		await page.mouse.move(m.x + 2, m.y + 2);
		await page.keyboard.down("Control");
		await page.mouse.wheel(0, dy);
		await page.keyboard.up("Control");
		await page.waitForTimeout(300);
		steps.push(await zoomed());
	}
	check("Ctrl-wheel zooms in a level toward the pointer, twice, and out",
	    steps.join(",") === "main,b,main", steps);
	// the view opened from its URL
	page = await open(file, "?m=" + fg.first);
	hd = await page.evaluate(() => {
		const t = document.querySelector("#fnv text.th");
		return t ? t.textContent : "";
	});
	check("?m= opens the function view", hd.startsWith(want), hd);
	check("no script errors", errors.length === 0, errors);
	await finish(b.close);
});
