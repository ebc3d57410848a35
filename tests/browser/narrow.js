// SPDX-License-Identifier: ISC
// Browser tests of a differential SVG in narrow pages, one rule per run:
//   node narrow.js [head]   at fixed widths from 300 px (--width; 300 also
// in 1400 px and resized 800 px windows) and in windows 300 to 1400 px
// wide (the fluid width, loaded at 300 and 1400, resized to 800, 600, 400
// and 300) the head
// stays apart and inside the picture and the window:
// title, subtitle, headline's two lines, Search and its neighbours,
// palette button, legend, the table's headings and each of its rows (whose
// colour, numbers and name stay apart too), the view switches and the
// first frame under them, on bounding boxes as drawn (svg/narrow-browser);
//   node narrow.js nojs   without JavaScript a page of the default width
// is scaled down to a 600 or 800 px window (no sideways scroll, the whole
// graph on the first screen) but not up in a wider one, a --width page
// keeps its width, an <img> without a width shows the natural width, and
// printed on A4 every word lies within the paper (svg/nojs-fit-browser);
//   node narrow.js overlay   in windows from 300x640 to 1400x900 (and
// resized to 300 or 800 with them open), fluid or with --width 300 or
// 1000, the help overlay and the search box stay inside the window, apart
// from Search, their text whole, and the box searches
// (svg/overlay-narrow-browser).
//   node narrow.js first   the real node.js pair (fg-color | fg-svg), the
// demo pair of contrib/demo and the node pair's elided SVG at 1400x900
// and 800x600, with and without JavaScript and in an <img> scaled to the
// page: the headline, the first row of each list of the table and the
// graph's root frame are on the first screen, and on the first page
// printed on A4 (svg/first-screen-browser).
// Inputs: the demo diff (lib.js) and the real node.js pair in
// tests/data/real, both comparison modes, and the node pair's elided
// SVG (its long title).
"use strict";
const path = require("path");
const { execFileSync } = require("child_process");
const fs = require("fs");
const { launch, fileurl, suite, run, demoDiff, pdfwords } =
    require("./lib.js");

const { tmp, check, svgof, finish } = suite("fg-svg-narrow-");
const real = path.join(__dirname, "..", "data", "real");
const nodeDiff = execFileSync("fg-diff", [path.join(real, "node-v1.folded.gz"),
    path.join(real, "node-v2.folded.gz")]).toString();
const nodeElided = execFileSync("fg-elide", { input: nodeDiff }).toString();

// The boxes of what the head shows, as drawn (hidden ones left out), and
// the picture's and the window's widths.
function boxes() {
	const vis = (e) => e && e.getAttribute("display") !== "none" &&
	    e.getBoundingClientRect().width > 0;
	const box = (e, what) => {
		const b = e.getBoundingClientRect();
		return { what, l: b.left, r: b.right, t: b.top, b: b.bottom };
	};
	const ids = ["title", "subtitle", "headline", "headline2", "unzoom",
	    "helpbtn", "search", "ignorecase", "palbtn", "legend", "vlab",
	    "vb0", "vb1", "vb2"];
	const out = ids.map((id) => document.getElementById(id))
	    .filter(vis).map((e) => box(e, e.id));
	document.querySelectorAll("#changes > g > text")
	    .forEach((e, i) => vis(e) && out.push(box(e, "head" + i + " " +
	    e.textContent)));
	const rows = [];
	document.querySelectorAll("#changes .chg").forEach((g, i) => {
		out.push(box(g, "row" + i));
		rows.push(Array.from(g.children).filter((e) =>
		    e.nodeName !== "title").map((e, k) => box(e, "row" + i +
		    "." + k)));
	});
	const root = Array.from(document.querySelectorAll("#frames > g"))
	    .filter(vis)[0];
	if (root)
		out.push(box(root.querySelector("rect"), "root frame"));
	return { out, rows, diff: !!document.getElementById("headline"), W: document.documentElement.getBoundingClientRect()
	    .width, win: window.innerWidth };
}

function apart(a, b) {
	return a.r <= b.l + 0.5 || b.r <= a.l + 0.5 || a.b <= b.t + 0.5 ||
	    b.b <= a.t + 0.5;
}

// What overlaps or leaves the picture or the window (none: []).
function faults(bx) {
	const f = [], all = bx.out.concat(...bx.rows);
	bx.out.forEach((a, i) => bx.out.forEach((b, j) => {
		if (i < j && !apart(a, b))
			f.push(a.what + " / " + b.what);
	}));
	bx.rows.forEach((r) => r.forEach((a, i) => r.forEach((b, j) => {
		if (i < j && !apart(a, b))
			f.push(a.what + " / " + b.what);
	})));
	all.forEach((a) => {
		if (a.l < -0.5 || a.r > bx.W + 0.5 || a.r > bx.win + 0.5 ||
		    a.t < 0)
			f.push(a.what + " outside " + JSON.stringify([a.l, a.r,
			    a.t, bx.W, bx.win]));
	});
	return f;
}

// Pages are loaded at each fixed width and at 300 and 1400 px, and one is
// resized from 1280 px through 800, 600, 400 and 300 (the fluid width) or
// from 1400 to 800 (--width 300): a resize lays the head out by the code a
// load runs, and a load costs as much as many resizes.
async function head() {
	const { ctx, close } = await launch();
	// the page of svg in a window win wide
	async function load(svg, win) {
		const page = await ctx.newPage();
		const errors = [];
		page.on("pageerror", (e) => errors.push(String(e)));
		await page.setViewportSize({ width: win, height: 700 });
		await page.goto(fileurl(svg));
		return { page, errors };
	}
	// the page drawn w wide (at most) in its window, resized to win first
	async function look(what, p, w, win) {
		if (win) {
			await p.page.setViewportSize({ width: win, height: 700 });
			await p.page.evaluate(() => new Promise((r) =>
			    requestAnimationFrame(() => requestAnimationFrame(r))));
		}
		const bx = await p.page.evaluate(boxes);
		const f = faults(bx);
		const need = ["title", "search", "root frame"].concat(bx.diff ?
		    ["headline", "headline2", "legend", "row0"] : []).filter((k) => !bx.out.some((b) => b.what === k));
		check(what + ": the head is apart and inside the picture and " +
		    "the window", p.errors.length === 0 && f.length === 0 &&
		    need.length === 0 && bx.W <= w + 0.5, { f, need,
		    errors: p.errors, W: bx.W });
	}
	let p;
	const inputs = [["demo", demoDiff], ["node", nodeDiff]];
	for (const [name, input] of inputs)
		for (const mode of ["absolute", "proportional"]) {
			const m = mode === "proportional" ?
			    ["--mode", "proportional"] : [];
			const sfx = " (" + name + ", " + mode + ")";
			for (const w of [300, 400, 500, 550, 599]) {
				p = await load(svgof(name + mode + w, input,
				    ["--width", String(w)].concat(m)), w);
				await look("--width " + w + sfx, p, w);
				await p.page.close();
			}
			p = await load(svgof(name + mode + 300, input,
			    ["--width", "300"].concat(m)), 1400);
			await look("--width 300, window 1400" + sfx, p, 300);
			await look("--width 300, window resized to 800" + sfx, p,
			    300, 800);
			await p.page.close();
			const fluid = svgof(name + mode, input, m);
			for (const w of [300, 1400]) {
				p = await load(fluid, w);
				await look("fluid, window " + w + sfx, p, w);
				await p.page.close();
			}
			p = await load(fluid, 1280);
			for (const w of [800, 600, 400, 300])
				await look("fluid, window resized to " + w + sfx, p, w,
				    w);
			await p.page.close();
		}
	const el = svgof("elided", nodeElided, []);
	p = await load(el, 800);
	await look("fluid, window 800 (node, elided)", p, 800);
	for (const w of [400, 300])
		await look("fluid, window resized to " + w + " (node, elided)", p,
		    w, w);
	await p.page.close();
	await close();
}


// Without JavaScript: the picture's box and the graph's, the page's
// scroll width and the window's size.
function plain() {
	const b = document.documentElement.getBoundingClientRect();
	const g = document.getElementById("frames").getBoundingClientRect();
	return { w: b.width, h: b.height, gl: g.left, gr: g.right, gt: g.top,
	    gb: g.bottom, sw: document.scrollingElement.scrollWidth,
	    iw: window.innerWidth, ih: window.innerHeight,
	    attr: +document.documentElement.getAttribute("width") };
}

async function nojs() {
	const b = await launch({ javaScriptEnabled: false });
	const { ctx, close } = await launch();
	const files = [["demo", svgof("demo", demoDiff, [])],
	    ["node", svgof("node", nodeDiff, [])]];
	async function open(file, w, h) {
		const page = await b.ctx.newPage();
		await page.setViewportSize({ width: w, height: h });
		await page.goto(fileurl(file));
		return page;
	}
	for (const [name, file] of files) {
		for (const [w, h] of [[600, 800], [800, 600]]) {
			const page = await open(file, w, h);
			const p = await page.evaluate(plain);
			check("no JavaScript, " + w + "x" + h + " (" + name + "): " +
			    "scaled to the window, no sideways scroll, the whole " +
			    "graph on the first screen", p.sw <= w && p.w <= w + 0.5 &&
			    p.w >= w - 0.5 && p.gl >= 0 && p.gr <= w && p.gt >= 0 &&
			    p.gb <= h, p);
			await page.close();
		}
		const page = await open(file, 1400, 900);
		const p = await page.evaluate(plain);
		check("no JavaScript, 1400x900 (" + name + "): drawn at its " +
		    "natural width, not scaled up", p.w === p.attr &&
		    p.attr === 1200, p);
		await page.close();
	}
	const fixed = svgof("fixed", nodeDiff, ["--width", "1000"]);
	let page = await open(fixed, 800, 600);
	let p = await page.evaluate(plain);
	check("no JavaScript, --width 1000 in an 800 px window keeps its " +
	    "width", p.w === 1000 && p.sw === 1000, p);
	await page.close();
	// printed without JavaScript, the default width and a fixed one wider
	// than the paper: every word of the PDF lies within the paper
	for (const [what, file] of [["default width", files[1][1]],
	    ["--width 1000", fixed]]) {
		page = await open(file, 1400, 900);
		const pdf = path.join(tmp, "p.pdf");
		await page.pdf({ path: pdf, format: "A4" });
		const pw = pdfwords(pdf);
		const out = pw ? pw.words.filter((x) => x.a < 0 || x.b > pw.pw) : [];
		const txt = pw ? pw.words.map((x) => x.t).join(" ") : "";
		check("no JavaScript, printed on A4 (node, " + what + "): every " +
		    "word within the paper", pw !== null && pw.pw > 0 &&
		    out.length === 0 && txt.includes("2,211 \u2192 2,039") &&
		    txt.includes("Improvements") && txt.includes("(garbage collector)"),
		    pw === null ? "pdftotext missing: apt-get install " +
		    "poppler-utils" : { out, txt: txt.slice(0, 200) });
		await page.close();
	}
	// an <img> runs no script: without a width it shows the natural
	// width, the default or --width's, in a wide window and a narrow one
	for (const [file, nat] of [[files[1][1], 1200], [fixed, 1000]])
		for (const w of [1400, 800]) {
			const html = path.join(tmp, "img.html");
			fs.writeFileSync(html, "<!doctype html><body><img id=\"i\" " +
			    "src=\"" + fileurl(file) + "\"></body>");
			page = await ctx.newPage();
			await page.setViewportSize({ width: w, height: 900 });
			await page.goto(fileurl(html));
			p = await page.evaluate(() => {
				const i = document.getElementById("i");
				return { nw: i.naturalWidth, w: i.width,
				    w2: i.getBoundingClientRect().width };
			});
			check("<img> without a width, window " + w + ": shown at " +
			    "its natural width " + nat, p.nw === nat && p.w === nat &&
			    p.w2 === nat, p);
			await page.close();
		}
	await b.close();
	await close();
}

// With JavaScript: the help overlay's and the search box's boxes.
function overlays() {
	const box = (e) => {
		const r = e.getBoundingClientRect();
		return { l: r.left, r: r.right, t: r.top, b: r.bottom };
	};
	const help = document.getElementById("help");
	const shown = help && help.getAttribute("display") !== "none";
	const sb = document.getElementById("sbox");
	const inp = sb && sb.querySelector("input");
	return { help: shown ? box(help.querySelector("rect")) : null,
	    lines: shown ? Array.from(help.querySelectorAll("text")).map((t) =>
	    Object.assign(box(t), { s: t.textContent })) : [],
	    sbox: sb && sb.getAttribute("display") !== "none" ? box(sb) : null,
	    input: inp ? Object.assign(box(inp), { sw: inp.scrollWidth,
	    cw: inp.clientWidth, focus: document.activeElement === inp }) : null,
	    search: box(document.getElementById("search")),
	    helpbtn: box(document.getElementById("helpbtn")),
	    title: box(document.getElementById("title")),
	    report: box(document.getElementById("matched")),
	    rs: document.getElementById("matched").textContent,
	    details: box(document.getElementById("details")),
	    ds: document.getElementById("details").textContent,
	    W: document.documentElement.getBoundingClientRect().width,
	    matched: document.querySelectorAll("#frames .m").length,
	    sw: document.scrollingElement.scrollWidth, iw: window.innerWidth,
	    ih: window.innerHeight };
}

function inside(a, o, pad) {
	return a && a.l >= o.l - pad && a.r <= o.r + pad && a.t >= o.t - pad &&
	    a.b <= o.b + pad;
}

// The help and the search box in a window w x h, opened there or (resize)
// opened in a 1280 px window resized to w with them open, in the page
// made of file (fixed: its --width, 0 for the fluid width).
async function overlay() {
	const { ctx, close } = await launch();
	const files = { fluid: svgof("node", nodeDiff, []),
	    w300: svgof("node300", nodeDiff, ["--width", "300"]),
	    w1000: svgof("node1000", nodeDiff, ["--width", "1000"]) };
	const words = (o) => o.lines.map((x) => x.s).join(" ").split(/ +/);
	async function open(file, w, h, resize) {
		const page = await ctx.newPage();
		await page.setViewportSize({ width: resize ? 1280 : w, height: h });
		await page.goto(fileurl(file));
		return page;
	}
	async function resized(page, w, h) {
		await page.setViewportSize({ width: w, height: h });
		await page.evaluate(() => new Promise((r) =>
		    requestAnimationFrame(() => requestAnimationFrame(r))));
	}
	let page = await open(files.fluid, 1280, 700);
	await page.keyboard.press("?");
	const full = words(await page.evaluate(overlays));
	await page.close();
	for (const [f, fixed, w, h, resize] of [["fluid", 0, 300, 640],
	    ["fluid", 0, 400, 700], ["fluid", 0, 800, 600],
	    ["fluid", 0, 1400, 900], ["fluid", 0, 300, 640, true],
	    ["w300", 300, 300, 640], ["w300", 300, 1400, 900],
	    ["w300", 300, 300, 640, true], ["w1000", 1000, 800, 600],
	    ["w1000", 1000, 300, 640], ["w1000", 1000, 300, 640, true],
	    ["w1000", 1000, 800, 600, true]]) {
		const what = (fixed ? "--width " + fixed + ", " : "") + "window " +
		    w + "x" + h + (resize ? ", resized to it with them open" : "");
		const win = { l: 0, r: w, t: 0, b: h };
		const sw = Math.max(w, fixed);
		page = await open(files[f], w, h, resize);
		const errors = [];
		page.on("pageerror", (e) => errors.push(String(e)));
		await page.keyboard.press("?");
		if (resize)
			await resized(page, w, h);
		let o = await page.evaluate(overlays);
		const ws = words(o);
		check(what + ": the help is inside the window, its lines " +
		    "inside it and whole", inside(o.help, win, 0) &&
		    o.lines.every((x) => inside(x, o.help, 0)) &&
		    ws.join(" ") === full.join(" ") && o.sw <= sw,
		    { help: o.help, lines: o.lines, ws, full, sw: o.sw });
		await page.keyboard.press("Escape");
		await page.keyboard.press("/");
		if (resize) {
			await resized(page, 1280, h);
			await resized(page, w, h);
		}
		await page.keyboard.type("parse");
		o = await page.evaluate(overlays);
		// (a page wider than the window scrolls to the box: its input;
		// the title is left clear at these sizes, not between about 520
		// and 780 px, where it is beside the controls and the box keeps
		// 140 px)
		check(what + ": the search box is inside the window, apart " +
		    "from Search, ? and the title, focused, shows what is " +
		    "typed and searches",
		    inside(fixed > w ? o.input : o.sbox, win, 0) &&
		    inside(o.input, o.sbox, 0) && apart(o.sbox, o.search) &&
		    apart(o.input, o.helpbtn) && apart(o.input, o.title) &&
		    o.input.focus && o.input.sw <= o.input.cw &&
		    o.matched > 0 && o.sw <= sw && errors.length === 0,
		    { o, errors });
		// hovering a matched frame: the report (with the matched
		// counts before and after) and the details line apart, in the
		// picture
		await page.keyboard.press("Enter");
		const m = await page.evaluate(() => {
			const r = document.querySelector("#frames rect.m")
			    .getBoundingClientRect();
			return [r.left + r.width / 2, r.top + r.height / 2];
		});
		await page.mouse.move(m[0], m[1]);
		o = await page.evaluate(overlays);
		const pl = await page.evaluate(() => document.documentElement
		    .getBoundingClientRect().left);
		const pic = { l: pl, r: pl + o.W };
		check(what + ": the search's report is inside the picture, " +
		    "whole, apart from the details line of a hovered frame",
		    o.report.l >= pic.l && o.report.r <= pic.r + 0.5 &&
		    /after/.test(o.rs) && (!/\S/.test(o.ds) ||
		    (apart(o.report, o.details) && o.details.l >= pic.l &&
		    o.details.r <= pic.r + 0.5)) && errors.length === 0,
		    { report: o.report, rs: o.rs, details: o.details, ds: o.ds,
		    pic });
		await page.close();
	}
	await close();
}

// What the first screen must show: the headline, the first row of each
// list of the table and the graph's root frame (its widest), as boxes in
// the page (null: not drawn).
function firstboxes() {
	const box = (e) => {
		if (!e)
			return null;
		const r = e.getBoundingClientRect();
		return { l: r.left, r: r.right, t: r.top, b: r.bottom };
	};
	const v = Array.from(document.querySelectorAll("#frames > g"))
	    .filter((g) => g.getAttribute("display") !== "none")[0];
	return { headline: box(document.getElementById("headline")),
	    row0: box(document.querySelector("#col0 .chg")),
	    row1: box(document.querySelector("#col1 .chg")),
	    root: box(v && v.querySelector("rect")),
	    iw: window.innerWidth, ih: window.innerHeight };
}

// The parts of bx (firstboxes) off the first screen w x h, each box
// moved by dx, dy and scaled by k first (an <img>'s place and scale).
function offscreen(bx, want, w, h, dx, dy, k) {
	return want.filter((n) => {
		const b = bx[n];
		return !b || dx + b.l * k < -0.5 || dx + b.r * k > w + 0.5 ||
		    dy + b.t * k < -0.5 || dy + b.b * k > h + 0.5;
	});
}

async function first() {
	const demo = path.join(__dirname, "..", "..", "contrib", "demo");
	const colored = (d) => execFileSync("fg-color", { input: d }).toString();
	const demoPair = execFileSync("fg-diff", [path.join(demo,
	    "before.folded"), path.join(demo, "after.folded")]).toString();
	const files = [["node", svgof("first-node", colored(nodeDiff), []),
	    ["headline", "row0", "row1", "root"]],
	    ["demo", svgof("first-demo", colored(demoPair), []),
	    ["headline", "row0", "row1", "root"]],
	    ["node elided", svgof("first-el", nodeElided, []), ["root"]]];
	const sizes = [[1400, 900], [800, 600]];
	const b = await launch({ javaScriptEnabled: false });
	const { ctx, close } = await launch();
	// each file's parts drawn at its natural width without a script
	const natural = {};
	for (const js of [true, false])
		for (const [name, file, want] of files)
			for (const [w, h] of sizes) {
				const page = await (js ? ctx : b.ctx).newPage();
				await page.setViewportSize({ width: w, height: h });
				await page.goto(fileurl(file));
				const bx = await page.evaluate(firstboxes);
				const off = offscreen(bx, want, w, h, 0, 0, 1);
				check((js ? "" : "no JavaScript, ") + w + "x" + h + " (" +
				    name + "): " + want.join(", ") + " on the first " +
				    "screen", off.length === 0, { off, bx });
				if (!js && w === 1400)
					natural[name] = bx;
				await page.close();
			}
	// in an <img> scaled to the page as GitHub shows it (max-width:
	// 100%): where its parts are in the picture, read from the file drawn
	// at its natural width (1400x900 above), placed by the image's place
	// and scale
	for (const [name, file, want] of files) {
		let page;
		const bx = natural[name];
		const html = path.join(tmp, "first-img.html");
		fs.writeFileSync(html, "<!doctype html><body><p>Profile:</p>" +
		    "<img id=\"i\" style=\"max-width:100%\" src=\"" + fileurl(file) +
		    "\"></body>");
		for (const [w, h] of sizes) {
			page = await ctx.newPage();
			await page.setViewportSize({ width: w, height: h });
			await page.goto(fileurl(html));
			const im = await page.evaluate(() => {
				const i = document.getElementById("i");
				const r = i.getBoundingClientRect();
				return { l: r.left, t: r.top, k: r.width / i.naturalWidth };
			});
			const off = offscreen(bx, want, w, h, im.l, im.t, im.k);
			check("<img> in a " + w + "x" + h + " page (" + name + "): " +
			    want.join(", ") + " on the first screen", im.k > 0 &&
			    off.length === 0, { off, im, bx });
			await page.close();
		}
	}
	// printed on A4 (portrait), with the script: the first page holds
	// the headline, the table and the root frame's label
	for (const [name, file] of files.slice(0, 2)) {
		const page = await ctx.newPage();
		await page.goto(fileurl(file));
		const pdf = path.join(tmp, "first.pdf");
		await page.pdf({ path: pdf, format: "A4" });
		await page.close();
		let txt = null;
		try {
			txt = execFileSync("pdftotext", ["-f", "1", "-l", "1",
			    "-layout", pdf, "-"], { encoding: "utf8" });
		} catch (e) {
			txt = null;
		}
		const head = name === "node" ? "2,211 \u2192 2,039" :
		    "464 \u2192 414";
		check("printed on A4 (" + name + "): the first page holds the " +
		    "headline, the table and the root frame", txt !== null &&
		    txt.includes(head) && txt.includes("Regressions") &&
		    txt.includes("Improvements") && /^\s*all\b/m.test(txt),
		    txt === null ? "pdftotext missing: apt-get install " +
		    "poppler-utils" : txt.slice(0, 600));
	}
	await b.close();
	await close();
}

run(async () => {
	const part = process.argv[2] || "head";
	const parts = { head, nojs, overlay, first };
	if (!parts[part])
		throw new Error("no part " + part);
	await parts[part]();
	await finish(async () => {});
});
