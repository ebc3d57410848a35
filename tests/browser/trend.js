// SPDX-License-Identifier: ISC
// Browser test of fg-svg drawing fg-trend's stream, in headless Chromium:
// run by the test case tests/cases/trend/svg-browser (fg-trend, fg-collapse
// and fg-svg on PATH). Two series of tests/data/trend: eleven callgrind
// releases where widest creeps up (exact counts: rising, the rest never
// moves), and fifteen windows where hash_bytes steps up and render steps
// down. Each frame's colour is the verdict of the stream fg-trend wrote
// (red up, blue down, grey nothing real); hovering a frame shows its series
// as a chart whose points are the stream's shares, and names the onset;
// the first screen's headline counts and the table leads with the
// largest trend. Prints one
// line per check.
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const { launch, suite, run, opener } = require("./lib.js");

const { tmp, check, finish } = suite("fg-svg-trend-");
const data = path.join(process.env.FG_TOP, "tests", "data", "trend");

// The stream of fg-trend --stream on files, written beside its SVG.
function draw(name, files) {
	const s = execFileSync("fg-trend", ["--stream"].concat(files));
	const sf = path.join(tmp, name + ".stream");
	const out = path.join(tmp, name + ".svg");
	fs.writeFileSync(sf, s);
	fs.writeFileSync(out, execFileSync("fg-svg", [sf]));
	return { svg: out, st: parse(s.toString()) };
}

// The stream read back: inputs, and per function the row that colours
// its frames (total, or both), its class, change, onset and shares.
function parse(text) {
	const st = { inputs: [], rows: [], by: {} };
	for (const l of text.split("\n")) {
		let m = l.match(/^# trend-input (\d+) (.*)$/);
		if (m) {
			st.inputs[+m[1]] = m[2];
			continue;
		}
		if (!l.startsWith("# trend "))
			continue;
		const f = l.slice(8).split(" ");
		const n = st.inputs.length;
		const r = { meas: f[0], cls: f[1], change: +f[2],
		    onset: f[5] === "-" ? -1 : +f[5],
		    x: f.slice(7, 7 + n).map(Number),
		    name: f.slice(7 + n).join(" ") };
		st.rows.push(r);
		if (r.meas !== "self" && !(r.name in st.by))
			st.by[r.name] = r;
	}
	return st;
}

// What fg-trend's verdict says a frame's colour is: up, down or grey.
function expected(r) {
	if (!r || r.cls === "noise" || r.cls === "untested")
		return "grey";
	if (r.cls === "stepped")
		return r.change > 0 ? "up" : "down";
	return r.cls === "rising" ? "up" : "down";
}

// What a fill looks like: red (up), blue (down) or grey.
function hue(fill) {
	const v = parseInt(fill.slice(1), 16);
	const r = v >> 16, g = (v >> 8) & 255, b = v & 255;
	if (r === g && g === b)
		return "grey";
	return r > b && r > g ? "up" : b > r && b > g ? "down" : fill;
}

run(async () => {
	const { ctx, close } = await launch();
	const errors = [];
	const open = opener(ctx, errors);

	const cg = fs.readdirSync(path.join(data, "creep-callgrind")).sort()
	    .map((f) => {
		const out = path.join(tmp, f.replace(/\.out\.gz$/, ".folded"));
		fs.writeFileSync(out, execFileSync("fg-collapse",
		    [path.join(data, "creep-callgrind", f)]));
		return out;
	    });
	const step = fs.readdirSync(path.join(data, "step")).sort()
	    .filter((f) => f.endsWith(".folded"))
	    .map((f) => path.join(data, "step", f));
	const series = [["creep", draw("creep", cg)],
	    ["step", draw("step", step)]];
	const want = { creep: { widest: "up", encode: "grey" },
	    step: { hash_bytes: "up", render: "down", io: "grey" } };

	for (const [name, { svg, st }] of series) {
		const page = await open(svg);
		// every frame as drawn: name (its title's) and fill
		const fr = await page.evaluate(() =>
		    Array.from(document.querySelectorAll("#v0 > rect")).map((e) => {
			const t = e.firstChild.textContent;
			return { n: t.slice(0, t.indexOf(" (")),
			    fill: e.getAttribute("fill") };
		    }));
		let bad = fr.filter((f) => f.n !== "all" &&
		    hue(f.fill) !== expected(st.by[f.n]));
		check(name + ": every frame's colour is its verdict's (" +
		    fr.length + " frames)", fr.length > 3 && bad.length === 0,
		    bad.slice(0, 5));
		for (const [fn, h] of Object.entries(want[name])) {
			const f = fr.find((x) => x.n === fn);
			check(name + ": " + fn + " is " + h, f && hue(f.fill) === h,
			    f);
		}

		// the first screen: headline and the table's first row
		const head = await page.evaluate(() => {
			const t = document.getElementById("trendline");
			const row = document.querySelector("#trends .trend");
			const box = (e) => e.getBoundingClientRect().bottom;
			return { t: t && t.textContent, tb: t && box(t),
			    r: row && row.getAttribute("data-n"),
			    rb: row && box(row), h: window.innerHeight };
		});
		// the largest real change, the first in the stream among equals
		const top = st.rows.filter((r) => r.meas !== "self" &&
		    expected(r) !== "grey").reduce((a, r) =>
		    Math.abs(r.change) > Math.abs(a.change) ? r : a);
		const ups = Object.values(st.by).filter((r) =>
		    r.cls === "rising").length;
		check(name + ": the headline counts the rising functions",
		    head.t && head.t.includes(ups + " rising") && head.tb < head.h,
		    head);
		check(name + ": the table's first row is the top trend, " +
		    top.name, head.r === top.name && head.rb < head.h, head);

		// hover the top trend's widest frame: its chart and onset
		const el = await page.evaluateHandle((n) => {
			const a = Array.from(document.querySelectorAll("#v0 > rect"))
			    .filter((e) => e.firstChild.textContent.startsWith(n +
			    " ("));
			a.sort((x, y) => y.getAttribute("width") -
			    x.getAttribute("width"));
			return a[0];
		}, top.name);
		await el.hover();
		const tip = await page.evaluate(() => {
			const u = document.getElementById("tipchart");
			const id = u && u.getAttribute("href");
			const sym = id && document.querySelector(id);
			const pl = sym && sym.querySelector("polyline");
			return { shown: !!u && u.getAttribute("display") !== "none",
			    pts: pl ? pl.getAttribute("points") : "",
			    det: document.getElementById("details").textContent };
		});
		const x = top.x, lo = Math.min(...x), hi = Math.max(...x);
		const exp = x.map((v, i) => [100 * i / (x.length - 1),
		    hi > lo ? 2 + 20 * (hi - v) / (hi - lo) : 12]);
		const got = tip.pts.split(" ").map((p) => p.split(",").map(Number));
		const far = exp.filter((p, i) => !got[i] ||
		    Math.abs(got[i][0] - p[0]) > 0.02 ||
		    Math.abs(got[i][1] - p[1]) > 0.05);
		check(name + ": hovering " + top.name + " shows its chart",
		    tip.shown, tip);
		check(name + ": the chart's points are its " + x.length +
		    " shares", got.length === x.length && far.length === 0,
		    { got: tip.pts, far });
		if (top.onset >= 0)
			check(name + ": the details name the onset, " +
			    st.inputs[top.onset], tip.det.includes(" at " +
			    st.inputs[top.onset]), tip.det);
		else
			check(name + ": the details give the change across the " +
			    "series", tip.det.includes(top.cls + " +" +
			    top.change.toFixed(2) + " points across"), tip.det);
		await page.close();
	}
	check("no script errors", errors.length === 0, errors);
	await finish(close);
});
