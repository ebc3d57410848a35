// SPDX-License-Identifier: ISC
// Browser tests of where the page puts what a reader looks for, one rule
// per run:
//   node place.js report   a search's report ("Matched: ...") is on the
// first screen of 800x600 and 1400x900 windows (and 300x640), whole,
// apart from the rest of the head, in the node pair's diff (fluid and
// --width 1000), its elided SVG and the demo diff, searched by the box and
// by ?s= (svg/report-first-screen-browser);
//   node place.js short   in windows 200 to 400 px tall the root frame
// (the widest) of the node pair's elided SVG, of its diff and of the demo
// diff and profile is on the first screen (svg/short-window-browser);
//   node place.js nojs   with scripts off, in 800x600 and 1400x900
// windows, opened itself and as an <img>, the root frame of the node
// pair's elided SVG and of an 80-frame deep one (drawn top-down when
// tall), of its diff and of the demo diff is on the first screen
// (svg/nojs-root-browser);
//   node place.js title   with the search box open, in windows 300 to
// 1400 px wide by 20 px steps (resized to each, and loaded at a few) and
// at a fixed --width 600 and 700, its input is apart from the title, the
// help button and Search (svg/search-box-title-browser).
"use strict";
const path = require("path");
const { execFileSync } = require("child_process");
const { launch, fileurl, suite, run, demoDiff } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-place-");
const real = path.join(__dirname, "..", "data", "real");
const nodeDiff = execFileSync("fg-diff", [path.join(real, "node-v1.folded.gz"),
    path.join(real, "node-v2.folded.gz")]).toString();
const nodeElided = execFileSync("fg-elide", { input: nodeDiff }).toString();
const demoProfile = "main;parse;strstr 500\nmain;io;read 300\nmain;compute 1000\n";

function box(e) {
	const r = e.getBoundingClientRect();
	return { l: r.left, r: r.right, t: r.top, b: r.bottom };
}

function apart(a, b) {
	return a.r <= b.l + 0.5 || b.r <= a.l + 0.5 || a.b <= b.t + 0.5 ||
	    b.b <= a.t + 0.5;
}

// The report's box and text, the head's other boxes, the window.
function reportboxes() {
	const bx = (e) => {
		const r = e.getBoundingClientRect();
		return { what: e.id || e.textContent.slice(0, 20), l: r.left,
		    r: r.right, t: r.top, b: r.bottom };
	};
	const vis = (e) => e && e.getAttribute("display") !== "none" &&
	    e.getBoundingClientRect().width > 0;
	const m = document.getElementById("matched");
	const others = ["title", "subtitle", "headline", "headline2", "legend",
	    "search", "helpbtn", "ignorecase", "unzoom", "vb0", "vb1", "vb2",
	    "col0", "col1"].map((id) => document.getElementById(id))
	    .filter(vis).map(bx);
	const root = Array.from(document.querySelectorAll("#frames > g"))
	    .filter(vis)[0];
	if (root)
		others.push(Object.assign(bx(root.querySelector("rect")),
		    { what: "root frame" }));
	return { m: bx(m), text: m.textContent, others, ih: window.innerHeight,
	    iw: window.innerWidth };
}

// Each fluid file is searched by ?s= in pages loaded at 300x640 and
// 1400x900 (the second then resized to 800x600) and by the box in a page
// loaded at 800x600 and resized to the other two: the report is placed by
// the same code on a load and a resize, and a load costs as much as many
// resizes.
async function report() {
	const { ctx, close } = await launch();
	const files = [["node", svgof("node", nodeDiff, []), "parse"],
	    ["node --width 1000", svgof("node1000", nodeDiff,
	    ["--width", "1000"]), "parse"],
	    ["node elided", svgof("elided", nodeElided, []), "Module"],
	    ["demo", svgof("demo", demoDiff, []), "parse"]];
	async function look(page, errors, what, how, w, h) {
		await page.setViewportSize({ width: w, height: h });
		await page.evaluate(() => new Promise((r) =>
		    requestAnimationFrame(() => requestAnimationFrame(r))));
		await page.evaluate(() => window.scrollTo(0, 0));
		const o = await page.evaluate(reportboxes);
		const f = o.others.filter((b) => !apart(b, o.m))
		    .map((b) => b.what);
		check(what + ", " + w + "x" + h + ", by " + how + ": " +
		    "the report is on the first screen, apart from the " +
		    "head", /^Matched: /.test(o.text) && o.m.t >= 0 &&
		    o.m.b <= o.ih && o.m.l >= 0 && o.m.r <= o.iw + 0.5 &&
		    f.length === 0 && errors.length === 0,
		    { m: o.m, text: o.text, f, errors, ih: o.ih });
	}
	// (a --width page is loaded at each size: resized narrower than
	// its width, it keeps its scroll and the report can be off the
	// first screen, where a load at that size scrolls to it)
	const fresh = [[800, 600], [1400, 900], [300, 640]];
	const plans = (what) => /--width/.test(what) ? fresh.map((z) => ["url",
	    [z]]).concat(fresh.map((z) => ["box", [z]])) : [["url", [fresh[2]]],
	    ["url", [fresh[1], fresh[0]]], ["box", fresh]];
	for (const [what, file, term] of files)
		for (const [how, sizes] of plans(what)) {
			const page = await ctx.newPage();
			const errors = [];
			page.on("pageerror", (e) => errors.push(String(e)));
			await page.setViewportSize({ width: sizes[0][0],
			    height: sizes[0][1] });
			await page.goto(fileurl(file) + (how === "url" ? "?s=" +
			    term : ""));
			if (how === "box") {
				await page.keyboard.press("/");
				await page.keyboard.type(term);
				await page.keyboard.press("Enter");
			}
			for (const [w, h] of sizes)
				await look(page, errors, what, how + (w === sizes[0][0] ?
				    "" : ", resized"), w, h);
			await page.close();
		}
	await finish(close);
}

// Loaded at 800x200 and at 400x400, each page then resized to the next
// size of its list.
async function short() {
	const { ctx, close } = await launch();
	const files = [["node elided", svgof("elided", nodeElided, [])],
	    ["node diff", svgof("node", nodeDiff, [])],
	    ["demo diff", svgof("demo", demoDiff, [])],
	    ["demo profile", svgof("prof", demoProfile, [])]];
	for (const [what, file] of files)
		for (const sizes of [[[800, 200], [1400, 300]], [[400, 400],
		    [800, 600]]]) {
			const page = await ctx.newPage();
			await page.setViewportSize({ width: sizes[0][0],
			    height: sizes[0][1] });
			await page.goto(fileurl(file));
			for (const [w, h] of sizes) {
				await page.setViewportSize({ width: w, height: h });
				await page.evaluate(() => new Promise((r) =>
				    requestAnimationFrame(() =>
				    requestAnimationFrame(r))));
				const r = await page.evaluate(() => {
					const g = Array.from(document.querySelectorAll(
					    "#frames > g")).filter((e) =>
					    e.getAttribute("display") !== "none")[0];
					const b = g.querySelector("rect")
					    .getBoundingClientRect();
					return { t: b.top, b: b.bottom,
					    ih: window.innerHeight };
				});
				check(what + ", " + w + "x" + h + (w === sizes[0][0] ?
				    "" : " (resized)") + ": the root frame is on " +
				    "the first screen", r.t >= 0 && r.b <= r.ih, r);
			}
			await page.close();
		}
	await finish(close);
}

// The root frame's box in the window, the page's script off: in the SVG
// opened itself, or as an <img> without a width in an HTML page (loaded:
// the page is open already).
async function nojsroot(page, file, img, loaded) {
	const fs = require("fs");
	if (!loaded && img) {
		fs.writeFileSync(file + ".html", "<!doctype html><body " +
		    "style=\"margin:0\"><img src=\"" + path.basename(file) +
		    "\"></body>");
		await page.goto(fileurl(file + ".html"));
	} else if (!loaded)
		await page.goto(fileurl(file));
	const m = fs.readFileSync(file, "utf8").match(
	    /<rect d="0 [^"]*" x="[^"]*" y="([^"]*)" width="[^"]*" height="([^"]*)"/);
	const vb = fs.readFileSync(file, "utf8").match(/viewBox="0 0 [^ ]* ([^"]*)"/);
	return page.evaluate(([y, h, vh]) => {
		const e = document.querySelector("img") || document.documentElement;
		const b = e.getBoundingClientRect(), k = b.height / vh;
		// an image that did not load has no root frame
		const ok = e.tagName !== "IMG" || e.naturalWidth > 0;
		return { t: ok ? b.top + y * k : NaN, b: b.top + (y + h) * k,
		    ih: window.innerHeight };
	}, [+m[1], +m[2], +vb[1]]);
}

async function nojs() {
	const { ctx, close } = await launch({ javaScriptEnabled: false });
	// 80 frames deep: 1,400 px tall, a page scaled to 800 px still
	// over 600 px
	let deep = "", st = "main";
	for (let i = 0; i < 80; i++)
		deep += (st += ";f" + i) + " 10 0\n";
	deep = execFileSync("fg-elide", { input: deep + "main;g 0 5\n" })
	    .toString();
	const files = [["node elided", svgof("elided", nodeElided, [])],
	    ["deep elided", svgof("deep", deep, [])],
	    ["node diff", svgof("node", nodeDiff, [])],
	    ["demo diff", svgof("demo", demoDiff, [])]];
	// (without a script a resize is a new layout as a load is: each
	// page is loaded at 800x600 and resized to 1400x900)
	for (const [what, file] of files)
		for (const img of [false, true]) {
			const page = await ctx.newPage();
			let r = null;
			for (const [w, h] of [[800, 600], [1400, 900]]) {
				await page.setViewportSize({ width: w, height: h });
				r = await nojsroot(page, file, img, r !== null);
				check(what + (img ? " as <img>" : "") + ", " + w +
				    "x" + h + ", no script: the root frame is on " +
				    "the first screen", r.t >= 0 && r.b <= r.ih, r);
			}
			await page.close();
		}
	await finish(close);
}

// The open search box's input and the title, help button and Search
// around it, in the page shown.
function titleboxes() {
	const b = (id) => {
		const r = document.getElementById(id).getBoundingClientRect();
		return { l: r.left, r: r.right, t: r.top, b: r.bottom };
	};
	const i = document.querySelector("#sbox input").getBoundingClientRect();
	return { sbox: b("sbox"), input: { l: i.left, r: i.right, t: i.top,
	    b: i.bottom }, title: b("title"), help: b("helpbtn"),
	    search: b("search") };
}

// Each width is checked in a page loaded at it (300, 640, 1000, 1400 px
// and the fixed widths) and in one page resized through them all with
// the box open, from 1400 px down by 20 px steps: the load and the
// resize place the box by the same code, and a fresh load costs as much
// as many resizes.
async function title() {
	const { ctx, close } = await launch();
	const fluid = svgof("node", nodeDiff, []);
	async function look(page, what, w) {
		const o = await page.evaluate(titleboxes);
		const f = [];
		for (const n of ["title", "help", "search"])
			if (!apart(o.input, o[n]))
				f.push("input / " + n);
		check(what + ", window " + w + ": the open search box is apart " +
		    "from the title, ? and Search", f.length === 0, { f, o });
	}
	async function load(file, w) {
		const page = await ctx.newPage();
		await page.setViewportSize({ width: w, height: 700 });
		await page.goto(fileurl(file));
		await page.keyboard.press("/");
		await page.keyboard.type("parse");
		return page;
	}
	const cases = [];
	for (const w of [300, 640, 1000, 1400])
		cases.push([fluid, w, "fluid, loaded"]);
	for (const fw of [600, 700])
		cases.push([svgof("node" + fw, nodeDiff, ["--width", String(fw)]),
		    fw, "--width " + fw]);
	for (const [file, w, what] of cases) {
		const page = await load(file, w);
		await look(page, what, w);
		await page.close();
	}
	const page = await load(fluid, 1400);
	for (let w = 1400; w >= 300; w -= 20) {
		await page.setViewportSize({ width: w, height: 700 });
		await page.evaluate(() => new Promise((r) =>
		    requestAnimationFrame(() => requestAnimationFrame(r))));
		await look(page, "fluid, resized", w);
	}
	await page.close();
	await finish(close);
}

run(async () => {
	const mode = process.argv[2];
	if (mode === "report")
		await report();
	else if (mode === "short")
		await short();
	else if (mode === "title")
		await title();
	else if (mode === "nojs")
		await nojs();
	else
		throw new Error("usage: place.js report|short|title|nojs");
});
