// SPDX-License-Identifier: ISC
// Browser tests of fg-svg output in headless Chromium: run by the test
// case tests/cases/svg-browser (fg-svg on PATH). Prints one line per check.
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");
const { launch, fileurl, suite, run, demoDiff, shown } =
    require("./lib.js");

const { check, svgof, finish, tmp } = suite("fg-svg-browser-");
// the page follows the window (1280 wide, lib.js): the full frame width
const FULL = 1280 - 20;

const plain = [
	"main;parse;strstr 500", "main;parse;memchr 120", "main;io;read 300",
	"main;io;write 200", "main;compute;loop 1000", "other;idle 80",
].join("\n") + "\n";
const hostile = Buffer.concat([Buffer.from([
	"main;<script>alert(1)</script> 10",
	"main;]]><script>alert(2)</script> 10",
	"main;\"onload=\"alert(3)\" 10",
	"main;javascript:alert(4) 10",
	"main;<img src=x onerror=alert(5)> 10",
	"main;' onmouseover='alert(6) 10",
	"main;&lt;b&gt;&amp; 10",
].join("\n") + "\n"), Buffer.from([0x6d, 0x3b, 0xff, 0xfe, 0xc3, 0x28,
	0x20, 0x35, 0x0a])]);
const diff = demoDiff;

run(async () => {
	const { ctx, close } = await launch();
	const errors = [], dialogs = [];
	async function open(file, query) {
		const page = await ctx.newPage();
		page.on("pageerror", (e) => errors.push(String(e)));
		page.on("console", (m) => {
			if (m.type() === "error")
				errors.push(m.text());
		});
		page.on("dialog", async (d) => {
			dialogs.push(d.message());
			await d.dismiss();
		});
		await page.goto(fileurl(file) + (query || ""), { timeout: 20000 });
		return page;
	}
	// a frame of view v (the one shown) as drawn: its box cut by the
	// graph's clip (null when nothing of it is on the page) and its label
	const rectof = (page, title, v) => page.evaluate(([t, v]) => {
		const g = Array.from(document.querySelectorAll("#v" + v + " > rect"))
		    .find((e) => e.firstChild.textContent.startsWith(t + " ("));
		if (!g || g.closest("[display=none]"))
			return null;
		// zoomed into a small subtree, the frames shown are copies in an
		// overlay that hides the view
		const f = window.fgsvg.frames().find((x) => x.e === g);
		if (f && !f.c && document.querySelector(".fgz rect"))
			return null;
		const b = (f && f.c || g).getBoundingClientRect();
		const c = document.querySelector("#fgclip rect");
		const lo = c ? +c.getAttribute("x") : 0;
		const hi = c ? lo + +c.getAttribute("width") : Infinity;
		const x0 = Math.max(b.left, lo), x1 = Math.min(b.right, hi);
		if (x1 - x0 < 0.01)
			return null;
		return { x: x0, w: x1 - x0, text: f && f.t &&
		    f.t.getAttribute("display") !== "none" ? f.t.textContent : "" };
	}, [title, v || 0]);

	// the script writes the address once the page is still after the
	// next frame is drawn: written() waits for that and gives the address
	// as the page has it (page.url() follows a history write only once
	// the browser has reported it, which a busy machine can delay)
	const written = async (page) => {
		await page.waitForFunction(() => !window.fgsvg.pending());
		return page.evaluate(() => location.href);
	};

	// 1. loads without errors, a click zooms, the URL keeps it
	const p1 = svgof("plain", plain);
	let page = await open(p1);
	// the next page shown, in place of page (closed, it is given again)
	const reopen = async (file, query) => {
		await page.close();
		return open(file, query);
	};
	check("page loads without script errors", errors.length === 0, errors);
	check("script ran", await page.evaluate(() =>
	    document.documentElement.classList.contains("js")));
	const before = await rectof(page, "parse");
	await (await shown(page, "parse ("))
	    .click();
	const after = await rectof(page, "parse");
	check("click zooms the frame to the full width",
	    before && after && before.w < 600 && Math.abs(after.w - FULL) < 1,
	    { before, after });
	check("frames outside the zoomed one are hidden",
	    (await rectof(page, "io")) === null);
	check("zoomed child labels refitted",
	    ((await rectof(page, "strstr")) || {}).text === "strstr");
	check("unzoom button shown", await page.evaluate(() =>
	    !document.getElementById("unzoom").classList.contains("hide")));
	const url = await written(page);
	check("zoom kept in the URL", /[?&]x=/.test(url) && /[&?]y=/.test(url), url);
	const page2 = await open(p1, url.slice(url.indexOf("?")));
	check("URL restores the zoom",
	    Math.abs(((await rectof(page2, "parse")) || {}).w - FULL) < 1);
	await page.click("#unzoom");
	check("reset zoom", Math.abs(((await rectof(page, "parse")) || {}).w -
	    before.w) < 0.2);

	// 1b. a frame too narrow for a label has none in the file; zoomed, it
	// gets one (and a white one on a dark fill)
	page = await reopen(svgof("narrow", "main;big 10000\nmain;tiny;leaf 20\n"));
	const nl = await page.evaluate(() => {
		const f = window.fgsvg.frames(), i = f.findIndex((x) =>
		    x.name === "tiny"), n = f[i].e.nextElementSibling,
		    a = n && n.tagName === "text" ? 1 : 0;
		window.fgsvg.zoom(i);
		return [a, f[i].t && f[i].t.textContent];
	});
	check("a narrow frame is labelled once zoomed", nl[0] === 0 &&
	    nl[1] === "tiny", nl);

	// 1c. a zoom is one transform on the view: no frame is taken out of
	// the layout, few elements are written, labels keep their size, and a
	// deep zoom lines children up exactly under the zoomed frame
	const many = ["main;a;x 1000000", "main;tiny;l 7", "main;tiny;r 3"];
	for (let i = 0; i < 400; i++)
		many.push("main;a;f" + i + ";g " + (100 + i));
	page = await reopen(svgof("many", many.join("\n") + "\n", ["--minwidth",
	    "0"]));
	const zm = await page.evaluate(async () => {
		const f = window.fgsvg.frames(), seen = new Set();
		const mo = new MutationObserver((l) => l.forEach((m) =>
		    seen.add(m.target)));
		mo.observe(document.documentElement, { attributes: true,
		    childList: true, subtree: true, characterData: true });
		window.fgsvg.zoom(f.findIndex((x) => x.name === "f7"));
		const none = f.filter((x) =>
		    getComputedStyle(x.e).display === "none").length;
		window.fgsvg.zoom(0);
		await new Promise((r) => setTimeout(r, 0));
		mo.disconnect();
		return { none, written: seen.size, frames: f.length };
	});
	check("a zoom takes no frame out of the layout", zm.none === 0, zm);
	check("a zoom and its reset write to few elements, not to every frame",
	    zm.frames > 800 && zm.written < 40, zm);
	await page.evaluate(() => window.fgsvg.zoom(window.fgsvg.frames()
	    .findIndex((x) => x.name === "tiny")));
	const dz = await Promise.all(["tiny", "l", "r", "main", "a"].map((n) =>
	    rectof(page, n)));
	check("a deep zoom lines the children up under the zoomed frame",
	    dz[0] && Math.abs(dz[0].x - 10) < 0.5 && Math.abs(dz[0].w - FULL) < 0.5 &&
	    dz[1] && Math.abs(dz[1].x - 10) < 0.5 &&
	    Math.abs(dz[1].w - 0.7 * FULL) < 0.5 && dz[2] &&
	    Math.abs(dz[2].x - (dz[1].x + dz[1].w)) < 0.5 &&
	    Math.abs(dz[2].w - 0.3 * FULL) < 0.5 && dz[3] &&
	    Math.abs(dz[3].w - FULL) < 0.5 && dz[4] === null, dz);
	const lw = await page.evaluate(() => {
		const f = window.fgsvg.frames().find((x) => x.name === "tiny");
		return f.t.getBoundingClientRect().width;
	});
	check("labels keep their size when zoomed", lw > 15 && lw < 60, lw);

	// 2. ?s= highlights and reports the matched share
	page = await reopen(p1, "?s=/str%7Cmem/");
	const hl = await page.evaluate(() =>
	    document.querySelectorAll("#v0 > rect.m").length);
	check("?s= highlights the matching frames", hl === 2, hl);
	const fills = await page.evaluate(() => Array.from(
	    document.querySelectorAll("#v0 > rect.m")).every((r) =>
	    r.getAttribute("fill") !== "rgb(230,0,230)" &&
	    getComputedStyle(r).opacity === "1") &&
	    Array.from(document.querySelectorAll("#v0 > rect:not(.m)")).every((g) =>
	    getComputedStyle(g).opacity < 0.5));
	check("search keeps the frames' colours and dims the others", fills);
	const m = await page.evaluate(() =>
	    document.getElementById("matched").textContent);
	check("matched share", m === "Matched: 28.2%", m);
	await page.keyboard.press("Escape");
	check("Esc resets the search", await page.evaluate(() =>
	    document.getElementById("matched").textContent.trim() === ""));
	dialogs.length = 0;
	await page.keyboard.press("Control+f");
	check("Ctrl-F opens the search box, no prompt", dialogs.length === 0 &&
	    await page.evaluate(() => document.activeElement &&
	    document.activeElement.tagName.toLowerCase() === "input"), dialogs);
	await page.keyboard.type("read");
	check("typing searches as you type", await page.evaluate(() =>
	    document.getElementById("matched").textContent) === "Matched: 13.6%");
	await page.keyboard.press("Escape");
	check("Esc in the box clears the search", await page.evaluate(() =>
	    document.querySelectorAll("#v0 > rect.m").length === 0));
	await page.mouse.move(0, 0);
	await (await shown(page, "compute ("))
	    .hover();
	const det = await page.evaluate(() =>
	    document.getElementById("details").textContent);
	check("hover shows the name first, then total and self, labelled",
	    det === "Function: compute \u00b7 total 1,000 samples (45.45%), " +
	    "self 0 (0.00%)", det);
	const tip = await page.evaluate(() => {
		const t = document.getElementById("tip");
		return t && t.getAttribute("display") !== "none" ?
		    Array.from(t.querySelectorAll("text")).map((e) => e.textContent) : null;
	});
	check("details shown beside the pointer", tip && tip[0] ===
	    "Function: compute" && tip[1].startsWith("total 1,000 samples"), tip);

	// 2b. ?s= is a literal text; /RE/ is run without backtracking (what
	// a backtracking matcher takes exponential time on answers) and
	// refused when it holds a back-reference; a huge ?s= leaves the page
	// working
	const redos = svgof("redos", "main;" + "a".repeat(36) + "! 10\nmain;b 5\n" +
	    "main;x(a+)+$y 3\n");
	page = await reopen(redos, "?s=(a%2B)%2B%24");
	check("?s= is searched as literal text", await page.evaluate(() =>
	    document.getElementById("matched").textContent) === "Matched: 16.7%");
	page = await reopen(redos, "?s=%2F(a%2B)%2B%24%2F");
	const nested = await page.evaluate(() =>
	    document.getElementById("matched").textContent);
	check("?s=/(a+)+$/ answers (no name ends in a), the page responds",
	    nested === "Matched: 0.0%", nested);
	page = await reopen(redos, "?s=%2F.*.*.*x%2F");
	const three = await page.evaluate(() =>
	    document.getElementById("matched").textContent);
	check("?s= with three repetitions searches", three === "Matched: 16.7%",
	    three);
	page = await reopen(redos, "?s=%2F(a)%5C1%2F");
	const backref = await page.evaluate(() =>
	    document.getElementById("matched").textContent);
	check("?s= with a back-reference is refused, saying so",
	    backref === "Refused: a back-reference", backref);
	page = await reopen(redos, "?s=%2F%5Ea%2B!%24%2F");
	check("?s=/RE/ searches a regular expression", await page.evaluate(() =>
	    document.getElementById("matched").textContent) === "Matched: 55.6%");
	page = await reopen(redos, "?s=" + "(".repeat(40000));
	await (await shown(page, "b ("))
	    .click();
	check("a 40,000-character ?s= leaves clicks working",
	    Math.abs(((await rectof(page, "b")) || {}).w - FULL) < 1);
	page = await reopen(redos, "?s=%2F" + "(".repeat(40000) + "%2F");
	await (await shown(page, "b ("))
	    .click();
	check("a 40,000-character ?s=/RE/ leaves clicks working",
	    Math.abs(((await rectof(page, "b")) || {}).w - FULL) < 1);
	check("no script errors from ?s=", errors.length === 0, errors);

	// 3. hostile names: no dialog, no script error, names shown as text
	page = await reopen(svgof("hostile", hostile, ["--minwidth", "0"]),
	    "?s=script");
	await page.evaluate(() => {
		for (const r of document.querySelectorAll("#v0 rect")) {
			r.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
			r.dispatchEvent(new MouseEvent("click", { bubbles: true }));
		}
	});
	// what the events set off has run once two frames are drawn
	await page.evaluate(() => new Promise((r) => requestAnimationFrame(() =>
	    requestAnimationFrame(() => setTimeout(r, 0)))));
	check("hostile names raise no dialog", dialogs.length === 0, dialogs);
	check("hostile names raise no script error", errors.length === 0, errors);
	check("no injected elements", await page.evaluate(() =>
	    document.querySelectorAll("script").length === 1 &&
	    document.querySelectorAll("img").length === 0));
	const t = await page.evaluate(() =>
	    Array.from(document.querySelectorAll("#v0 title")).map((e) =>
	    e.textContent));
	check("hostile names kept as text", t.some((s) =>
	    s.startsWith("<script>alert(1)</script> (")) && t.some((s) =>
	    s.startsWith("]]><script>alert(2)</script> (")), t);

	// 4. diff: legend and view switch
	page = await reopen(svgof("diff", diff));
	check("diff legend", await page.evaluate(() =>
	    document.getElementById("legend").textContent.includes("grew")));
	const vb = await page.evaluate(() =>
	    Array.from(document.querySelectorAll(".vb")).map((e) => e.textContent));
	const live = await page.evaluate(() => Array.from(
	    document.querySelectorAll(".vb")).map((e) => getComputedStyle(e).fill +
	    " " + getComputedStyle(e).cursor));
	check("with the script the switches look like the other controls",
	    live.every((x) => x === "rgb(34, 34, 102) pointer"), live);
	check("view switch offers Differential, Baseline, Elided, with counts",
	    vb.join(",") === "Differential: 1 frame shrank, 1 new,Baseline: 1 " +
	    "shrank," +
	    "Elided: 2 frames vanished, none beyond noise and 5 pts", vb);
	await page.click("#vb2");
	const el = await page.evaluate(() => ({
		shown: document.getElementById("v2").getAttribute("display"),
		hidden: document.getElementById("v0").getAttribute("display"),
		names: Array.from(document.querySelectorAll("#v2 title")).map((e) =>
		    e.textContent.split(" (")[0]),
	}));
	check("Elided view shows the vanished path", el.shown === null &&
	    el.hidden === "none" && el.names.join(";") === "all;main;old;gone",
	    el);
	const vu = await written(page);
	check("view kept in the URL", /[?&]v=2/.test(vu), vu);
	await page.click("#vb0");
	await (await shown(page, "regexec ("))
	    .hover();
	const dd = await page.evaluate(() =>
	    document.getElementById("details").textContent);
	check("diff details: total before -> after, delta, share of change",
	    dd.includes("total 0 \u2192 450 samples (+450, new)") &&
	    dd.includes("of total change"), dd);
	page = await reopen(svgof("diff", diff), "?v=1");
	const vs = await page.evaluate(() => [0, 1, 2].map((i) =>
	    (document.getElementById("v" + i).getAttribute("display") || "shown") +
	    (document.getElementById("vb" + i).classList.contains("on") ? "+on" : "")));
	check("?v=1 shows the Baseline view alone", vs.join(",") ===
	    "none,shown+on,none", vs);

	// 5. headline and table of changes: static, rows act on the frames
	page = await reopen(svgof("diff", diff));
	const head = await page.evaluate(() =>
	    document.getElementById("headline").textContent);
	check("headline: total before -> after and the change",
	    head === "1,880 \u2192 1,850 samples (-1.6%)", head);
	const rows = await page.evaluate(() => Array.from(
	    document.querySelectorAll("#changes .chg")).map((g) =>
	    g.getAttribute("data-n")));
	check("table lists regressions then improvements",
	    rows.join(",") === "regexec,strstr,gone", rows);
	await page.hover("#changes .chg >> nth=0");
	check("hovering a row outlines its frames", await page.evaluate(() =>
	    Array.from(document.querySelectorAll("#v0 > rect.o")).map((g) =>
	    g.firstChild.textContent.split(" (")[0]).join()) === "regexec");
	await page.mouse.move(0, 0);
	check("leaving the row removes the outline", await page.evaluate(() =>
	    document.querySelectorAll("#v0 > rect.o").length === 0));
	await page.click("#changes .chg >> nth=1");
	const ru = await written(page);
	check("clicking a row zooms to its frames and searches its name",
	    Math.abs(((await rectof(page, "strstr")) || {}).w - FULL) < 1 &&
	    await page.evaluate(() => document.querySelectorAll("#v0 > rect.m")
	    .length === 1) && /[?&]s=strstr/.test(ru), ru);

	// 6. each view is as tall as it needs; the bottom lines follow
	const deep = "# fg-diff kind=diff\n" + [
		"main;a 100 100", "main;b;c;d;e;f;g;h 50 0",
	].join("\n") + "\n";
	page = await reopen(svgof("deep", deep));
	const hv = await page.evaluate(() => {
		const s = document.documentElement, d = document.getElementById("details");
		const a = [+s.getAttribute("height"), +d.getAttribute("y")];
		window.fgsvg.view(2);
		return a.concat([+s.getAttribute("height"), +d.getAttribute("y")]);
	});
	check("switching to a deeper view makes the image taller",
	    hv[2] - hv[0] === 6 * 16 && hv[3] - hv[1] === 6 * 16, hv);

	// 7. fluid width unless --width; long names cut in the middle
	page = await reopen(p1);
	await page.setViewportSize({ width: 800, height: 600 });
	await page.waitForFunction(() =>
	    document.documentElement.getAttribute("width") === "800");
	const mw = await rectof(page, "main");
	check("the page follows the window's width", Math.abs((mw || {}).w -
	    780 * 2120 / 2200) < 1, mw);
	check("the search control moves with the right edge", await page.evaluate(() =>
	    document.getElementById("search").getBoundingClientRect().right < 800));
	// the view switches wrap inside the window, clear of each other, the
	// table and the frames
	const vsw = ["# fg-diff kind=diff base=a.txt current=b.txt"];
	for (let i = 0; i < 40; i++)
		vsw.push("main;g" + i + " 1000 3000", "main;s" + i + " 3000 1000");
	for (let i = 0; i < 15; i++)
		vsw.push("main;n" + i + " 0 2000", "main;v" + i + " 2000 0");
	const wsw = svgof("switches", vsw.join("\n") + "\n",
	    ["--mode", "proportional", "--min-change", "0"]);
	let sp = await open(wsw);
	for (const ww of [1280, 800, 600]) {
		await sp.setViewportSize({ width: ww, height: 600 });
		await sp.waitForFunction((w) => document.documentElement
		    .getAttribute("width") === String(w), ww);
		const sb = await sp.evaluate(() => {
			const box = (e) => e.getBoundingClientRect();
			const sw = Array.from(document.querySelectorAll(".vb"))
			    .map(box);
			const tb = document.getElementById("changes");
			return { sw: sw.map((b) => [b.left, b.right, b.top, b.bottom]),
			    table: tb ? box(tb).bottom : 0,
			    frames: box(document.querySelector("#v0 > rect")).top };
		});
		const apart = sb.sw.every((a, i) => sb.sw.every((b, j) => i === j ||
		    a[1] <= b[0] || b[1] <= a[0] || a[3] <= b[2] || b[3] <= a[2]));
		check("at " + ww + " px the view switches are inside the window, " +
		    "apart, under the table and over the frames",
		    sb.sw.length === 3 && apart && sb.sw.every((b) => b[0] >= 0 &&
		    b[1] <= ww && b[2] >= sb.table && b[3] <= sb.frames), sb);
	}
	await sp.close();
	// the palette button, the legend and the table's headings stay apart
	// and inside the window, in both modes (proportional labels are longer)
	const wab = svgof("diff", diff);
	for (const [f, mode] of [[wsw, "proportional"], [wab, "absolute"]]) {
		sp = await open(f);
		for (const ww of [1280, 800, 600]) {
			await sp.setViewportSize({ width: ww, height: 600 });
			await sp.waitForFunction((w) => document.documentElement
			    .getAttribute("width") === String(w), ww);
			const bx = await sp.evaluate(() => ["palbtn", "legend"]
			    .map((id) => document.getElementById(id))
			    .concat(Array.from(document.querySelectorAll("#changes .th")))
			    .map((e) => {
				const b = e.getBoundingClientRect();
				return [b.left, b.right, b.top, b.bottom,
				    e.firstChild.textContent];
			    }));
			const apart = bx.every((a, i) => bx.every((b, j) => i === j ||
			    a[1] <= b[0] || b[1] <= a[0] || a[3] <= b[2] ||
			    b[3] <= a[2]));
			check("at " + ww + " px (" + mode + " mode) the palette " +
			    "button, the legend and the table's headings are " +
			    "apart and inside the window", bx.length ===
			    (mode === "absolute" ? 4 : 2) && apart &&
			    bx.every((b) => b[0] >= 0 && b[1] <= ww), bx);
		}
		await sp.close();
	}
	await page.emulateMedia({ media: "print" });
	check("printed without the controls", await page.evaluate(() =>
	    getComputedStyle(document.getElementById("search")).display) === "none");
	await page.emulateMedia({ media: "screen" });
	page = await reopen(svgof("fixed", plain, ["--width", "900"]));
	check("--width keeps a fixed width", await page.evaluate(() =>
	    document.documentElement.getAttribute("width")) === "900");
	page = await reopen(svgof("long", "main;" + "x".repeat(300) + "_end 10\n"));
	await page.setViewportSize({ width: 800, height: 600 });
	await page.waitForFunction(() =>
	    document.documentElement.getAttribute("width") === "800");
	await (await shown(page, "_end ("))
	    .hover({ force: true });
	const ld = await page.evaluate(() =>
	    document.getElementById("details").textContent);
	check("a long name first, cut in the middle to half the line, the " +
	    "numbers after it", ld.startsWith("Function: xxx") &&
	    ld.includes("xxx_end \u00b7 total 10 samples (") &&
	    ld.includes("\u2026") && ld.length < 130, ld);

	// 8. colour contract: children of new code are new, hover explains grey
	const nd = "# fg-diff kind=diff\n" + [
		"main;a 1000 1000", "main;b 500 520", "main;n 0 100", "main;n;c 0 3",
	].join("\n") + "\n";
	page = await reopen(svgof("newkids", nd));
	const fillof = (name) => page.evaluate((t) => {
		const g = Array.from(document.querySelectorAll("#v0 > rect")).find(
		    (e) => e.firstChild.textContent.startsWith(t + " ("));
		return g.getAttribute("fill");
	}, name);
	check("a child of new code is purple however small",
	    (await fillof("c")) === "#9966ff" && (await fillof("n")) === "#9966ff");
	await (await shown(page, "b ("))
	    .hover();
	const gd = await page.evaluate(() =>
	    document.getElementById("details").textContent + "\n" +
	    Array.from(document.querySelectorAll("#tip text"))
	    .map((e) => e.textContent).join(" "));
	check("hover says which rule greyed a changed frame; its shares are " +
	    "each of its own side's total",
	    /grey: under the 5-point threshold; could have detected \u00b1[0-9.]+ points/
	    .test(gd) &&
	    gd.includes("share 33.33% \u2192 32.04%"), gd);

	// 9. interaction that keeps its place
	page = await reopen(svgof("diff", diff));
	await (await shown(page, "parse ("))
	    .click();
	await page.click("#vb1");
	check("a view switch keeps the zoom",
	    Math.abs(((await rectof(page, "parse", 1)) || {}).w - FULL) < 1);
	await page.click("#vb0");
	await (await shown(page, "regexec ("))
	    .click();
	const z2 = await written(page);
	await page.goBack();
	check("Back undoes a zoom, staying on the page", page.url() !== z2 &&
	    /x=/.test(page.url()) && Math.abs(((await rectof(page, "parse")) ||
	    {}).w - FULL) < 1, page.url());
	await page.goForward();
	check("Forward redoes it", page.url() === z2 &&
	    Math.abs(((await rectof(page, "regexec")) || {}).w - FULL) < 1);
	await page.keyboard.press("Escape");
	// Back lands when the browser says so: wait for it (a busy machine
	// can take longer than the checks below)
	await page.waitForFunction((u) => location.href !== u, z2);
	check("Esc goes back one zoom", Math.abs(((await rectof(page, "parse")) ||
	    {}).w - FULL) < 1 && ((await rectof(page, "regexec")) || { w: 0 }).w < FULL - 1);
	// the address is written after the repaint, once for several zooms
	// before it, and at once for Back
	const hw = await page.evaluate(async () => {
		const h0 = history.length, u0 = location.href;
		const f = window.fgsvg.frames();
		const i = f.findIndex((x) => x.name === "strstr");
		const j = f.findIndex((x) => x.name === "regexec");
		window.fgsvg.zoom(i);
		window.fgsvg.zoom(j);
		const same = location.href === u0;
		await new Promise((r) => requestAnimationFrame(() =>
		    setTimeout(() => setTimeout(r, 0), 0)));
		const later = location.href === u0;
		await new Promise((r) => {
			const t = setInterval(() => {
				if (!window.fgsvg.pending()) {
					clearInterval(t);
					r();
				}
			}, 20);
		});
		return { same, later, pushed: history.length - h0,
		    x: /[?&]x=/.test(location.search) &&
		    location.href !== u0 };
	});
	check("a zoom's address is written after its repaint, once the page " +
	    "is still, one history entry for two zooms", hw.same && hw.later &&
	    hw.pushed === 1 && hw.x, hw);
	page = await reopen(svgof("diff", diff));
	// Chromium focuses the document's root first, then the graph
	await page.keyboard.press("Tab");
	if (await page.evaluate(() => document.activeElement ===
	    document.documentElement))
		await page.keyboard.press("Tab");
	const f1 = await page.evaluate(() => document.activeElement.firstChild.textContent);
	check("Tab reaches the graph", f1.startsWith("all ("), f1);
	await page.keyboard.press(await page.evaluate(() =>
	    document.documentElement.getAttribute("data-down") === "1") ?
	    "ArrowDown" : "ArrowUp");
	await page.keyboard.press(await page.evaluate(() =>
	    document.documentElement.getAttribute("data-down") === "1") ?
	    "ArrowDown" : "ArrowUp");
	const f2 = await page.evaluate(() => document.activeElement.firstChild.textContent);
	await page.keyboard.press("ArrowRight");
	const f3 = await page.evaluate(() => document.activeElement.firstChild.textContent);
	await page.keyboard.press("Enter");
	check("arrows move between frames", f2.startsWith("compute (") &&
	    f3.startsWith("io ("), [f2, f3]);
	check("Enter zooms the focused frame",
	    Math.abs(((await rectof(page, "io")) || {}).w - FULL) < 1);
	const an = await page.evaluate(() => {
		const e = document.querySelector(".fgz rect[tabindex='0']");
		return e ? e.getAttribute("aria-label") : null;
	});
	check("the zoomed frame's copy that Tab reaches is named by its " +
	    "frame's title", an !== null && an.startsWith("io ("), an);
	await page.keyboard.press("/");
	check("/ opens the search box", await page.evaluate(() =>
	    document.activeElement.tagName.toLowerCase() === "input"));
	await page.keyboard.press("Escape");
	await page.keyboard.press("Escape");
	await page.keyboard.press("/");
	await page.keyboard.type("parse");
	const mm = await page.evaluate(() =>
	    document.getElementById("matched").textContent);
	check("search reports matched before, after and delta",
	    mm.includes("before 500, after 550, +50"), mm);
	await page.keyboard.press("Enter");
	await page.keyboard.press("?");
	check("? shows the help", await page.evaluate(() =>
	    document.getElementById("help").getAttribute("display") === null));
	await page.keyboard.press("Escape");
	check("Esc closes the help", await page.evaluate(() =>
	    document.getElementById("help").getAttribute("display") === "none"));
	page = await reopen(p1);
	await (await shown(page, "parse ("))
	    .click();
	await (await shown(page, "main ("))
	    .hover({ force: true });
	const anc = await page.evaluate(() =>
	    document.getElementById("details").textContent);
	check("an ancestor of the zoomed frame hovers as its share of all",
	    anc.includes(" \u00b7 total 2,120 samples (96.36% of all; holds " +
	    "the zoomed frame)"),
	    anc);

	// 10. inferno's colour options: search fill, frame outlines, controls
	page = await reopen(svgof("colours", plain, ["--search-color", "#00ff00",
	    "--stroke-color", "#123456", "--uicolor", "#ff0000"]), "?s=parse");
	const cs = await page.evaluate(() => {
		const st = (e, p) => getComputedStyle(e)[p];
		const m = document.querySelector("#v0 > rect.m");
		const o = document.querySelector("#v0 > rect:not(.m)");
		return [st(m, "fill"),
		    st(document.querySelector(".fglab text.m"), "fill"),
		    st(o, "fill") !== "rgb(0, 255, 0)", st(o, "stroke"),
		    st(document.getElementById("search"), "fill"),
		    st(document.getElementById("details"), "fill")];
	});
	check("--search-color fills the matches, labels readable on it",
	    cs[0] === "rgb(0, 255, 0)" && cs[1] === "rgb(0, 0, 0)" && cs[2], cs);
	check("--stroke-color outlines every frame", cs[3] === "rgb(18, 52, 86)", cs);
	check("--uicolor colours the controls and the details line",
	    cs[4] === "rgb(255, 0, 0)" && cs[5] === "rgb(255, 0, 0)", cs);

	// 12. the colour-blind palette: one key or the button, AA labels on
	// every fill in both palettes, kept across views and in the URL
	const contrast = () => page.evaluate(() => {
		const lum = (c) => {
			const v = c.match(/\d+/g).slice(0, 3).map((x) => {
				x = x / 255;
				return x <= 0.04045 ? x / 12.92 :
				    Math.pow((x + 0.055) / 1.055, 2.4);
			});
			return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
		};
		let worst = 21, fills = new Set();
		for (const fr of window.fgsvg.frames()) {
			if (!fr.t || fr.t.getAttribute("display") === "none" ||
			    !fr.t.textContent)
				continue;
			const f = getComputedStyle(fr.r).fill;
			const t = getComputedStyle(fr.t).fill;
			const a = lum(f), b = lum(t);
			fills.add(f);
			worst = Math.min(worst, (Math.max(a, b) + 0.05) /
			    (Math.min(a, b) + 0.05));
		}
		return { worst, fills: Array.from(fills).sort() };
	});
	const pal = "# fg-diff kind=diff\n" + [
		"main;a 1000 1000", "main;b 500 900", "main;c 800 300",
		"main;d 400 520", "main;n 0 200", "main;g 300 0",
	].join("\n") + "\n";
	page = await reopen(svgof("palette", pal, ["--min-change", "0"]));
	const c0 = await contrast();
	await page.keyboard.press("c");
	const c1 = await contrast();
	check("c switches to the colour-blind palette",
	    c0.fills.includes("rgb(30, 60, 230)") &&
	    c1.fills.includes("rgb(0, 114, 178)") &&
	    !c1.fills.includes("rgb(30, 60, 230)") &&
	    !c1.fills.includes("rgb(153, 102, 255)"), [c0, c1]);
	check("labels keep AA contrast on every fill of both palettes",
	    c0.worst >= 4.5 && c1.worst >= 4.5, [c0.worst, c1.worst]);
	check("the palette is kept in the URL",
	    /[?&]c=1/.test(await written(page)));
	check("the button shows the palette in force", await page.evaluate(() =>
	    document.getElementById("palbtn").firstChild.textContent) ===
	    "\u2611 colour-blind palette (c)");
	await page.click("#vb1");
	check("a view switch keeps the palette", (await contrast()).fills
	    .includes("rgb(0, 114, 178)"));
	check("the legend follows the palette", await page.evaluate(() =>
	    Array.from(document.querySelectorAll("#legend rect")).map((r) =>
	    getComputedStyle(r).fill)).then((l) => l.includes("rgb(213, 94, 0)")));
	await page.click("#palbtn");
	const pu = await written(page);
	check("the button switches back", !(await contrast()).fills
	    .includes("rgb(0, 114, 178)") && !/[?&]c=1/.test(pu));
	await page.keyboard.press("?");
	check("the help names the palette key", await page.evaluate(() =>
	    document.getElementById("help").textContent.includes(
	    "c: colour-blind palette")));
	// a change that rewrites a zoom's sealed entry, its own frame late
	// (held here), the write due first: the address still has the change
	page = await reopen(svgof("palette", pal, ["--min-change", "0"]));
	await written(page);
	await page.evaluate(async () => {
		const raf = () => new Promise((r) => requestAnimationFrame(() =>
		    requestAnimationFrame(r)));
		window.fgsvg.zoom(1);
		await raf();
		window.requestAnimationFrame = () => 0;
		window.dispatchEvent(new KeyboardEvent("keydown", { key: "c" }));
	});
	// the write due (its timer, no frame drawn): the address polled for
	// the change, not a sleep (10 s without it: the check fails)
	await page.waitForFunction(() => /[?&]c=1/.test(location.href), null,
	    { polling: 50, timeout: 10000 }).catch(() => {});
	const late = await page.evaluate(() => location.href);
	check("a change its frame has not drawn yet is in the address written",
	    /[?&]x=/.test(late) && /[?&]c=1/.test(late), late);
	page = await reopen(svgof("palette-cb", pal, ["--colorblind"]));
	check("with --colorblind the button starts checked", await page.evaluate(() =>
	    document.getElementById("palbtn").textContent.charAt(0)) === "\u2611");

	// 13. hover, colour and headline say the same thing in every mode,
	// --negate included (the baseline seen from the current profile)
	const sides = "# fg-diff kind=diff base=a.txt current=b.txt\n" +
	    "main;a 1000 1000\nmain;b 300 200\nmain;c 100 400\n";
	for (const args of [[], ["--mode", "proportional"], ["--negate"],
	    ["--negate", "--mode", "proportional"]]) {
		page = await reopen(svgof("sides", sides, args.concat(["--min-change",
		    "0"])));
		const agree = await page.evaluate(() => {
			const bad = [];
			for (const g of document.querySelectorAll("#v0 > rect")) {
				const f = g.getAttribute("fill");
				if (f === "#dddddd" || f === "#9966ff")
					continue;
				g.dispatchEvent(new MouseEvent("mouseover",
				    { bubbles: true }));
				const d = document.getElementById("details").textContent;
				const m = d.match(/, ([+-])[0-9.]+ points/);
				const red = parseInt(f.slice(1, 3), 16) >
				    parseInt(f.slice(5, 7), 16);
				const tm = g.firstChild.textContent.match(
				    /; ([+-])[0-9.]+ points/);
				if (!m || (m[1] === "+") !== red || !tm || tm[1] !== m[1])
					bad.push([f, d, g.firstChild.textContent]);
			}
			return bad;
		});
		check("hover, title and colour agree: " + (args.join(" ") ||
		    "absolute"), agree.length === 0, agree);
	}
	// a frame's details line on hover, and the headline
	const hovered = async (name) => {
		await (await shown(page, name + " ("))
		    .hover();
		return page.evaluate(() => [
		    document.getElementById("details").textContent,
		    document.getElementById("headline").textContent]);
	};
	const ng = await hovered("b");
	check("--negate: hover and headline from the baseline's side",
	    ng[0].includes("total current 200 \u2192 baseline 300 samples " +
	    "(+100, +50.00%)") &&
	    ng[1] === "1,600 \u2192 1,400 samples (-12.5%)", ng);

	// 14. units from the stream: a perf clock's period means nanoseconds,
	// which hover and headline show as ms
	const P = 1001001;
	const clock = "# fg-diff kind=diff\n" + [1, 2, 3, 4, 5, 6, 7, 8].map((k) =>
	    "main;f" + k + " " + k * P + " " + (k + 2) * P).join("\n") + "\n";
	page = await reopen(svgof("clock", clock));
	const ms = await hovered("f8");
	check("hover and headline say ms for cpu-clock nanoseconds",
	    ms[0].includes(" \u00b7 total 8.01 \u2192 10.01 ms (") &&
	    ms[1] === "36.04 \u2192 52.05 ms (+44.4%)", ms);

	// 15. printed on A4, portrait and landscape, the real node.js pair's
	// graph, headline, table and legend fit the page: every word of the
	// PDF (pdftotext -bbox, Debian's poppler-utils) lies within it
	const real = path.join(__dirname, "..", "data", "real");
	const rd = path.join(tmp, "node.diff");
	fs.writeFileSync(rd, execFileSync("fg-diff", [path.join(real,
	    "node-v1.folded.gz"), path.join(real, "node-v2.folded.gz")]));
	const rs = path.join(tmp, "node.svg");
	fs.writeFileSync(rs, execFileSync("fg-svg", [rd]));
	for (const landscape of [false, true]) {
		page = await reopen(rs);
		const pdf = path.join(tmp, "p.pdf");
		await page.pdf({ path: pdf, format: "A4", landscape });
		let words = null, pw = 0, ph = 0;
		try {
			const x = execFileSync("pdftotext", ["-bbox", pdf, "-"],
			    { encoding: "utf8" });
			const pg = x.match(/<page width="([0-9.]+)" height="([0-9.]+)"/);
			pw = +pg[1];
			ph = +pg[2];
			words = Array.from(x.matchAll(/<word xMin="([-0-9.]+)" yMin="[-0-9.]+" xMax="([-0-9.]+)" yMax="[-0-9.]+">([^<]*)</g)).map((m) => ({ a: +m[1], b: +m[2], t: m[3] }));
		} catch (e) {
			words = null;
		}
		const out = (words || []).filter((w) => w.a < 0 || w.b > pw);
		const txt = (words || []).map((w) => w.t).join(" ");
		check("printed on A4 " + (landscape ? "landscape" : "portrait") +
		    ", graph, headline, table and legend fit the page width",
		    words !== null && pw > 0 && (pw > ph) === landscape &&
		    out.length === 0 && txt.includes("2,211 \u2192 2,039") &&
		    txt.includes("Improvements by self count") && /logscan\.js:21/.test(txt) &&
		    txt.includes("&lt; 5 pts") && txt.includes("(garbage collector)"),
		    words === null ? "pdftotext missing: apt-get install " +
		    "poppler-utils" : { pw, out, txt: txt.slice(0, 300) });
	}
	check("no script errors at all", errors.length === 0, errors);
	await close();

	// 11. without JavaScript the switches' counts are still shown
	const nojs = await launch({ javaScriptEnabled: false });
	page = await nojs.ctx.newPage();
	await page.goto(fileurl(svgof("diff", diff)));
	const sw = await page.evaluate(() => Array.from(
	    document.querySelectorAll(".vb")).filter((e) =>
	    getComputedStyle(e).display !== "none" &&
	    e.getBoundingClientRect().width > 0).map((e) => e.textContent));
	check("without JavaScript the view switches show their counts",
	    sw.length === 3 && sw[2] === "Elided: 2 frames vanished, none " +
	    "beyond noise and 5 pts", sw);
	const plainsw = await page.evaluate(() => {
		const st = Array.from(document.querySelectorAll(".vb")).map((e) =>
		    getComputedStyle(e));
		const view = Array.from(document.querySelectorAll("#views text"))
		    .find((e) => e.textContent === "View:");
		return { fills: st.map((c) => c.fill), cursors: st.map((c) => c.cursor),
		    weights: st.map((c) => c.fontWeight),
		    deco: st.map((c) => c.textDecorationLine),
		    view: getComputedStyle(view).display };
	});
	check("without JavaScript the switches are plain text, not controls",
	    plainsw.fills.every((f) => f === "rgb(0, 0, 0)") &&
	    plainsw.cursors.every((c) => c === "auto") &&
	    plainsw.weights.every((w) => w === "400") &&
	    plainsw.deco.every((d) => d === "none") && plainsw.view === "none",
	    plainsw);
	await finish(nojs.close);
});
