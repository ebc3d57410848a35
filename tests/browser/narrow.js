// SPDX-License-Identifier: ISC
// Browser tests of a differential SVG in narrow pages, one rule per run:
//   node narrow.js [head]   at fixed widths from 300 px (--width) and in
// windows 400, 600 and 800 px wide (the fluid width, loaded so and resized
// to it) the head stays apart and inside the picture and the window:
// title, subtitle, headline's two lines, Search and its neighbours,
// palette button, legend, the table's headings and each of its rows (whose
// colour, numbers and name stay apart too), the view switches and the
// first frame under them, on bounding boxes as drawn (svg/narrow-browser);
//   node narrow.js nojs   without JavaScript a page of the default width
// is scaled down to a 600 or 800 px window (no sideways scroll, the whole
// graph on the first screen) but not up in a wider one, a --width page
// keeps its width, an <img> without a width shows the natural width, and
// printed on A4 every word lies within the paper (svg/nojs-fit-browser);
//   node narrow.js overlay   in 320x640 and 400x700 windows (and resized
// to 320 with them open) the help overlay and the search box stay inside
// the window, apart from Search, their text whole, and the box searches
// (svg/overlay-narrow-browser).
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

async function head() {
	const { ctx, close } = await launch();
	async function look(what, svg, w, resize) {
		const page = await ctx.newPage();
		const errors = [];
		page.on("pageerror", (e) => errors.push(String(e)));
		await page.setViewportSize({ width: resize ? 1280 : w, height: 700 });
		await page.goto(fileurl(svg));
		if (resize) {
			await page.setViewportSize({ width: w, height: 700 });
			await page.evaluate(() => new Promise((r) =>
			    requestAnimationFrame(() => requestAnimationFrame(r))));
		}
		const bx = await page.evaluate(boxes);
		const f = faults(bx);
		const need = ["title", "search", "root frame"].concat(bx.diff ?
		    ["headline", "headline2", "legend", "row0"] : []).filter((k) => !bx.out.some((b) => b.what === k));
		check(what + ": the head is apart and inside the picture and " +
		    "the window", errors.length === 0 && f.length === 0 &&
		    need.length === 0 && bx.W <= w + 0.5, { f, need, errors,
		    W: bx.W });
		await page.close();
	}
	const inputs = [["demo", demoDiff], ["node", nodeDiff]];
	for (const [name, input] of inputs)
		for (const mode of ["absolute", "proportional"]) {
			const m = mode === "proportional" ?
			    ["--mode", "proportional"] : [];
			for (const w of [300, 400, 500, 550, 599])
				await look("--width " + w + " (" + name + ", " +
				    mode + ")", svgof(name + mode + w, input,
				    ["--width", String(w)].concat(m)), w);
			const fluid = svgof(name + mode, input, m);
			for (const w of [400, 600, 800])
				await look("fluid, window " + w + " (" + name + ", " +
				    mode + ")", fluid, w);
			await look("fluid, window resized to 400 (" + name + ", " +
			    mode + ")", fluid, 400, true);
		}
	const el = svgof("elided", nodeElided, []);
	for (const w of [300, 400, 800])
		await look("fluid, window " + w + " (node, elided)", el, w);
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
	await b.close();
	// an <img> runs no script: without a width it shows the natural
	// width, the default or --width's, in a wide window and a narrow one
	const { ctx, close } = await launch();
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
	    matched: document.querySelectorAll("#frames .m").length,
	    sw: document.scrollingElement.scrollWidth, iw: window.innerWidth,
	    ih: window.innerHeight };
}

function inside(a, o, pad) {
	return a && a.l >= o.l - pad && a.r <= o.r + pad && a.t >= o.t - pad &&
	    a.b <= o.b + pad;
}

async function overlay() {
	const { ctx, close } = await launch();
	const file = svgof("node", nodeDiff, []);
	const words = (o) => o.lines.map((x) => x.s).join(" ").split(/ +/);
	async function open(w, h, resize) {
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
	let page = await open(1280, 700);
	await page.keyboard.press("?");
	const full = words(await page.evaluate(overlays));
	await page.close();
	for (const [w, h, resize] of [[320, 640], [400, 700], [320, 640, true]]) {
		const what = "window " + w + "x" + h + (resize ? ", resized to " +
		    "it with them open" : "");
		const win = { l: 0, r: w, t: 0, b: h };
		page = await open(w, h, resize);
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
		    ws.join(" ") === full.join(" ") && o.sw <= w,
		    { help: o.help, lines: o.lines, ws, full, sw: o.sw });
		await page.keyboard.press("Escape");
		await page.keyboard.press("/");
		if (resize) {
			await resized(page, 1280, h);
			await resized(page, w, h);
		}
		await page.keyboard.type("parse");
		o = await page.evaluate(overlays);
		check(what + ": the search box is inside the window, apart " +
		    "from Search, focused, shows what is typed and searches",
		    inside(o.sbox, win, 0) && inside(o.input, o.sbox, 0) &&
		    apart(o.sbox, o.search) && o.input.focus &&
		    o.input.sw <= o.input.cw && o.matched > 0 && o.sw <= w &&
		    errors.length === 0, { o, errors });
		await page.close();
	}
	await close();
}

run(async () => {
	const part = process.argv[2] || "head";
	const parts = { head, nojs, overlay };
	if (!parts[part])
		throw new Error("no part " + part);
	await parts[part]();
	await finish(async () => {});
});
