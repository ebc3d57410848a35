// SPDX-License-Identifier: ISC
// Browser tests of what a diff's counts and colours say, one rule per run:
//   node contract.js switches   each view switch's counts are the frames
// that view draws in each colour: grew red, shrank blue, new purple,
// vanished (blue) in the Elided view (svg/switch-counts-colors-browser);
//   node contract.js headline   the headline's counts are of functions by
// self count, said so, and agree with the table's squares: a row's colour
// is the class it is counted in (grey: "within noise or < N pts", or "no
// change" and "no noise test" said with --all-changes), every
// row of a list shorter than the table's counted (svg/headline-counts-
// browser).
//   node contract.js elided   every frame that vanished (in the baseline,
// absent from the current profile) is blue, never grey, in the diff's
// Elided view and in fg-elide's paths drawn alone (fg-diff | fg-elide |
// fg-svg), by its share of all that vanished, and the ancestors that
// still run grey: both pictures of the same frames in the same fills
// (svg/elided-one-rule-browser).
// Inputs: the real node.js pair (plain and through fg-color), the demo
// diff of lib.js, in both modes, with the floor off and --all-changes.
"use strict";
const path = require("path");
const { execFileSync } = require("child_process");
const { launch, fileurl, suite, run, demoDiff } = require("./lib.js");

const { check, svgof, finish } = suite("fg-svg-contract-");
const real = path.join(__dirname, "..", "data", "real");
const nodeDiff = execFileSync("fg-diff", [path.join(real, "node-v1.folded.gz"),
    path.join(real, "node-v2.folded.gz")]).toString();
const nodeColored = execFileSync("fg-color", { input: nodeDiff }).toString();

// The inputs and options every rule is checked on.
function inputs() {
	const out = [];
	for (const [name, input] of [["node", nodeDiff],
	    ["node through fg-color", nodeColored], ["demo", demoDiff]])
		for (const args of [[], ["--mode", "proportional"],
		    ["--min-change", "0"], ["--all-changes"]]) {
			if (name === "node through fg-color" && args.length)
				continue;
			out.push([name + (args.length ? " " + args.join(" ") :
			    ""), svgof(name.replace(/ /g, "-") + args.join(""),
			    input, args)]);
		}
	return out;
}

// A fill's class: grey, new, grew (red) or shrank (blue).
function classify() {
	const svg = document.documentElement;
	const grey = (svg.getAttribute("data-grey") || "#dddddd").toLowerCase();
	const nw = Array.from(document.querySelectorAll("#legend rect"))
	    .map((r) => r.getAttribute("fill"));
	window.kindof = (fill) => {
		fill = fill.toLowerCase();
		if (fill === grey)
			return "grey";
		if (fill === "#9966ff" || fill === "#f0e442")
			return "new";
		const c = parseInt(fill.slice(1), 16);
		const r = c >> 16 & 255, b = c & 255;
		return r > b ? "grew" : b > r ? "shrank" : "other " + fill +
		    " " + nw.join(",");
	};
}

// Each view: its switch's text and its frames' classes.
function views() {
	const out = [];
	for (let i = 0; document.getElementById("vb" + i); i++) {
		window.fgsvg.view(i);
		const c = { grew: 0, shrank: 0, new: 0, grey: 0, gone: 0,
		    gonegrey: 0 };
		window.fgsvg.frames().forEach((fr) => {
			if (fr.depth === 0)
				return;
			const k = window.kindof(fr.fill);
			if (fr.tb > 0 && fr.ta === 0)
				c[k === "grey" ? "gonegrey" : "gone"]++;
			else
				c[k] = (c[k] || 0) + 1;
		});
		out.push({ label: document.getElementById("vb" + i).textContent,
		    c });
	}
	return out;
}

// The count before word in a switch's label, 0 when it is not there.
function nof(label, word) {
	const m = label.match(new RegExp("(\\d+) (frames? )?" + word + "\\b"));
	return m ? +m[1] : 0;
}

// Opens each input's SVG at 1400x900, its frames classified, for fn.
async function eachpage(fn) {
	const { ctx, close } = await launch();
	for (const [what, svg] of inputs()) {
		const page = await ctx.newPage();
		await page.setViewportSize({ width: 1400, height: 900 });
		await page.goto(fileurl(svg));
		await page.evaluate(classify);
		await fn(what, page);
		await page.close();
	}
	await finish(close);
}

async function switches() {
	await eachpage(async (what, page) => {
		const vs = await page.evaluate(views);
		for (const v of vs) {
			const name = v.label.split(":")[0];
			const want = { grew: nof(v.label, "grew"),
			    shrank: nof(v.label, "shrank"), new: nof(v.label, "new") };
			const got = { grew: v.c.grew, shrank: v.c.shrank,
			    new: v.c.new };
			if (name.startsWith("Elided")) {
				const all = v.label.match(
				    /(\d+) frames? vanished within noise/);
				want.gone = all ? 0 : nof(v.label, "vanished");
				want.gonegrey = all ? +all[1] :
				    nof(v.label, "within noise");
				got.gone = v.c.gone;
				got.gonegrey = v.c.gonegrey;
				delete want.grew;
				delete want.shrank;
				delete want.new;
				delete got.grew;
				delete got.shrank;
				delete got.new;
			}
			if (name.startsWith("Baseline"))
				delete want.new, delete got.new;
			check(what + ", " + v.label + ": the counts are the " +
			    "frames' colours", JSON.stringify(want) ===
			    JSON.stringify(got), { want, got });
		}
	});
}

function heads() {
	const rows = (id) => Array.from(document.querySelectorAll("#" + id +
	    " .chg > rect")).map((r) => window.kindof(r.getAttribute("fill")));
	return { h2: document.getElementById("headline2").firstChild.textContent,
	    legend: document.getElementById("legend").textContent,
	    reg: rows("col0"), imp: rows("col1") };
}

async function headline() {
	await eachpage(async (what, page) => {
		const h = await page.evaluate(heads);
		const n = (w) => {
			const m = h.h2.match(new RegExp("(\\d+) " + w));
			return m ? +m[1] : -1;
		};
		// (--all-changes: "no change", no test sorting them)
		const gm = h.legend.match(/within noise[^\n]*|no change/);
		const grey = gm ? gm[0].trim() : "within noise";
		const cnt = (a, k) => a.filter((x) => x === k).length;
		const f = [];
		if (!/^functions by self count: /.test(h.h2))
			f.push("not labelled as functions by self count");
		if (n(grey) < 0)
			f.push("no count of \"" + grey + "\" (the legend's grey)");
		if ((grey === "no change") !== /, no noise test$/.test(h.h2))
			f.push("the rule in force unsaid (\"no noise test\")");
		const want = [["grew", h.reg, "grew"], ["new", h.reg, "new"],
		    ["shrank", h.imp, "shrank"], ["gone", h.imp, "shrank"]];
		// the gone rows are the blue ones after the shrank ones' count
		const imps = cnt(h.imp, "shrank");
		for (const [w, rows, k] of want) {
			const c = w === "gone" ? Math.max(0, imps - n("shrank")) :
			    w === "shrank" ? Math.min(imps, n("shrank")) :
			    cnt(rows, k);
			if (rows.length < 5 ? (w === "shrank" ? n("shrank") +
			    n("gone") !== imps : w !== "gone" && n(w) !== c) :
			    n(w) < c)
				f.push(w + ": " + n(w) + ", rows " + c);
		}
		const greys = cnt(h.reg, "grey") + cnt(h.imp, "grey");
		if (n(grey) < greys)
			f.push("grey rows " + greys + " > " + n(grey));
		check(what + ": the headline counts functions by self count " +
		    "as the table's squares colour them", f.length === 0,
		    { f, h });
	});
}

// Each frame's path and class in view i (-1: the page's only view).
function paths(i) {
	if (i >= 0)
		window.fgsvg.view(i);
	const key = (fr) => {
		const a = [];
		for (let f = fr; f && f.depth > 0; f = f.up)
			a.unshift(f.name);
		return a.join(";");
	};
	return window.fgsvg.frames().filter((fr) => fr.depth > 0).map((fr) =>
	    ({ p: key(fr), k: window.kindof(fr.fill), fill: fr.fill
	    .toLowerCase(), gone: fr.tb > 0 && fr.ta === 0 }));
}

async function elided() {
	const { ctx, close } = await launch();
	const demoElided = execFileSync("fg-elide", { input: demoDiff })
	    .toString();
	const nodeElided = execFileSync("fg-elide", { input: nodeDiff })
	    .toString();
	for (const [what, input, el, args] of [["node", nodeDiff, nodeElided, []],
	    ["node --mode proportional", nodeDiff, nodeElided,
	    ["--mode", "proportional"]],
	    ["node --min-change 20", nodeDiff, nodeElided,
	    ["--min-change", "20"]], ["demo", demoDiff, demoElided, []]]) {
		const page = await ctx.newPage();
		await page.goto(fileurl(svgof("d" + what.replace(/ /g, ""), input,
		    args)));
		await page.evaluate(classify);
		const v = await page.evaluate(() => {
			for (let i = 0; document.getElementById("v" + i); i++)
				if (document.getElementById("v" + i)
				    .getAttribute("data-name") === "Elided")
					return i;
			return -1;
		});
		const all = v < 0 ? [] : await page.evaluate(paths, v);
		const inview = all.filter((x) => x.gone);
		await page.goto(fileurl(svgof("e" + what.replace(/ /g, ""), el,
		    args)));
		await page.evaluate(classify);
		const alone = new Map((await page.evaluate(paths, -1))
		    .map((x) => [x.p, x]));
		const bad = inview.filter((x) => x.k !== "shrank" ||
		    alone.get(x.p).k !== "shrank").map((x) => [x.p, x.k,
		    alone.get(x.p).k]);
		check(what + ": the " + inview.length + " vanished frames are " +
		    "blue in the Elided view and alone", v >= 0 &&
		    inview.length > 0 && bad.length === 0, { v, bad });
		// the rest, ancestors that still run, grey; one fill a path
		const kept = all.filter((x) => !x.gone);
		const other = all.filter((x) => !alone.has(x.p) ||
		    alone.get(x.p).fill !== x.fill || (!x.gone &&
		    x.k !== "grey")).map((x) => [x.p, x.fill, x.gone,
		    alone.has(x.p) ? alone.get(x.p).fill : null]);
		check(what + ": the " + kept.length + " ancestors still " +
		    "running are grey, each frame one fill in both", v >= 0 &&
		    all.length === alone.size && other.length === 0,
		    { n: [all.length, alone.size], other: other.slice(0, 5) });
		await page.close();
	}
	await finish(close);
}

run(async () => {
	const mode = process.argv[2];
	if (mode === "switches")
		await switches();
	else if (mode === "headline")
		await headline();
	else if (mode === "elided")
		await elided();
	else
		throw new Error("usage: contract.js switches|headline|elided");
});
