// SPDX-License-Identifier: ISC
// Starts Debian's headless Chromium through playwright-core, offline, once
// a script, each test in a fresh context (or Debian's Firefox:
// FG_BROWSER=firefox).
// Shared by the browser tests, the screenshot helper and bench/svg-zoom.js.
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");

// A test that cannot run here says why and exits 77 (tests/run.sh: SKIP).
function skip(msg) {
	process.stderr.write(msg + "\n");
	process.exit(77);
}

function playwright() {
	try {
		return require("playwright-core");
	} catch (e) {
		skip("playwright-core is not installed: run " +
		    "(cd tests/browser && npm install) first");
	}
}

// FG_BROWSER=firefox: Debian's firefox-esr (FG_FIREFOX) instead, driven
// over WebDriver BiDi by playwright-core's experimental _bidiFirefox.
async function firefox() {
	const exe = process.env.FG_FIREFOX || "/usr/bin/firefox-esr";
	if (!fs.existsSync(exe))
		skip(exe + " not found: apt-get install firefox-esr");
	const pw = playwright();
	if (!pw._bidiFirefox)
		skip("this playwright-core cannot drive Firefox over BiDi");
	return pw._bidiFirefox.launch({ executablePath: exe, headless: true });
}

function chromiumopts() {
	const exe = process.env.FG_CHROMIUM || "/usr/bin/chromium";
	if (!fs.existsSync(exe))
		skip(exe + " not found: apt-get install chromium");
	return { executablePath: exe, headless: true, args: ["--no-sandbox",
	    "--disable-gpu", "--disable-background-networking",
	    "--disable-component-update", "--disable-sync", "--no-first-run"] };
}

// The shared Chromium's server (serve.js).
function serve() {
	return playwright().chromium.launchServer(chromiumopts());
}

// Under tests/run.sh (FG_TEST_SHARED, a directory that lives as long as
// the run), the browser cases share one Chromium, as starting one costs
// more processor time than most of the cases' checks: the first case to
// get the lock (a directory made there) starts serve.js (its files, such
// as the profile, in that directory, not in the case's TMPDIR, removed
// when the case ends), the others wait for its endpoint, and each connects
// to it. null (each launches its own) outside the harness, with
// FG_BROWSER_OWN set, or when the server could not start or ended.
function alive(pidfile) {
	let pid;
	try {
		pid = +fs.readFileSync(pidfile, "utf8");
	} catch (e) {
		return true;		/* the starter is writing it */
	}
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return false;
	}
}
async function sharedchromium() {
	const dir = process.env.FG_TEST_SHARED;
	if (!dir || !fs.existsSync(dir) || process.env.FG_BROWSER_OWN)
		return null;
	const f = (n) => path.join(dir, "chromium." + n);
	try {
		fs.mkdirSync(f("lock"));
		const child = require("child_process").spawn(process.execPath,
		    [path.join(__dirname, "serve.js"), dir],
		    { detached: true, stdio: "ignore", cwd: dir,
		    env: { ...process.env, TMPDIR: dir } });
		child.unref();
		fs.writeFileSync(f("pid"), String(child.pid));
	} catch (e) {
		if (e.code !== "EEXIST")
			return null;
	}
	// (a starter that died before writing its pid: launch after 10 min)
	for (let n = 0; !fs.existsSync(f("ws")); n++) {
		if (fs.existsSync(f("failed")) || !alive(f("pid")) || n > 12000)
			return null;
		await new Promise((r) => setTimeout(r, 50));
	}
	try {
		return await playwright().chromium.connect(
		    fs.readFileSync(f("ws"), "utf8"));
	} catch (e) {
		return null;
	}
}

async function chromium() {
	const opts = chromiumopts();
	return await sharedchromium() || playwright().chromium.launch(opts);
}

// A page closed goes back to its context, which gives it again for the
// next newPage(): a fresh page costs a renderer's start, more than the
// load that follows. It comes back as a new one would, with the context's
// window size, no media emulated and none of the listeners put on it
// (page.on), and the next goto() replaces its document. The size and the
// media are put back by that goto() (not when the page is given, as most
// tests set a size of their own first: each change lays out the document
// shown), only where they differ and the test did not set them itself.
function recycle(ctx, viewport) {
	const idle = [], fresh = ctx.newPage.bind(ctx);
	ctx.newPage = async () => {
		let page = idle.pop();
		if (page) {
			page.fgreset = { size: true, media: page.fgmedia };
			return page;
		}
		page = await fresh();
		page.fgreset = { size: false, media: false };
		page.fgmedia = false;
		const setsize = page.setViewportSize.bind(page);
		page.setViewportSize = (v) => {
			page.fgreset.size = false;
			return setsize(v);
		};
		const media = page.emulateMedia.bind(page);
		page.emulateMedia = (o) => {
			if (o && "media" in o) {
				page.fgreset.media = false;
				page.fgmedia = o.media !== null;
			}
			return media(o);
		};
		const go = page.goto.bind(page);
		page.goto = async (...a) => {
			const r = page.fgreset, v = page.viewportSize();
			page.fgreset = { size: false, media: false };
			if (r.size && (!v || v.width !== viewport.width ||
			    v.height !== viewport.height))
				await setsize(viewport);
			if (r.media) {
				page.fgmedia = false;
				await media({ media: null });
			}
			return go(...a);
		};
		const on = page.on.bind(page), added = [];
		page.on = (ev, fn) => {
			added.push([ev, fn]);
			return on(ev, fn);
		};
		page.close = async () => {
			for (const [ev, fn] of added.splice(0))
				page.off(ev, fn);
			if (!idle.includes(page))
				idle.push(page);
		};
		return page;
	};
}

// launch(extra) gives { ctx, close }: a fresh context (its own storage,
// a 1280x900 window, extra's options such as javaScriptEnabled) in the
// script's one browser, started by the first call (a browser's start
// costs as much as many pages) and ended when the last context open
// closes.
let browser = null, open = 0;
async function launch(extra) {
	if (!browser)
		browser = process.env.FG_BROWSER === "firefox" ? firefox() :
		    chromium();
	const b = await browser;
	const opts = { viewport: { width: 1280, height: 900 }, ...(extra || {}) };
	const ctx = await b.newContext(opts);
	recycle(ctx, opts.viewport);
	open++;
	const close = async () => {
		await ctx.close();
		if (--open === 0) {
			browser = null;
			await b.close();
		}
	};
	return { ctx, close };
}

function fileurl(p) {
	return "file://" + path.resolve(p);
}

// What a browser test script shares: a scratch directory (prefix names
// it), check() printing one line per check, svgof() writing fg-svg ARGS
// on INPUT into the scratch directory, and finish() closing the browser,
// removing the scratch directory and exiting 1 if a check failed.
function suite(prefix) {
	const { execFileSync } = require("child_process");
	const tmp = fs.mkdtempSync(path.join(process.env.TMPDIR ||
	    os.tmpdir(), prefix));
	let failed = 0;
	function check(what, ok, info) {
		if (!ok)
			failed++;
		console.log((ok ? "ok " : "FAIL ") + what +
		    (ok || info === undefined ? "" : ": " + JSON.stringify(info)));
	}
	function svgof(name, input, args) {
		const inp = path.join(tmp, name + ".txt");
		const out = path.join(tmp, name + ".svg");
		fs.writeFileSync(inp, input);
		fs.writeFileSync(out, execFileSync("fg-svg",
		    (args || []).concat([inp])));
		return out;
	}
	async function finish(close) {
		await close();
		fs.rmSync(tmp, { recursive: true, force: true });
		process.exit(failed ? 1 : 0);
	}
	return { tmp, check, svgof, finish };
}

// Runs a test script's body; an exception fails it.
function run(body) {
	body().catch((e) => {
		console.log("FAIL " + e);
		process.exit(1);
	});
}

// The words of a PDF with their boxes, by pdftotext -bbox (Debian's
// poppler-utils): { pw, ph, words: [{ a: xMin, b: xMax, t: text }] } for
// the first page's size and every page's words, or null without pdftotext.
function pdfwords(pdf) {
	let x;
	try {
		x = require("child_process").execFileSync("pdftotext", ["-bbox",
		    pdf, "-"], { encoding: "utf8" });
	} catch (e) {
		return null;
	}
	const pg = x.match(/<page width="([0-9.]+)" height="([0-9.]+)"/);
	return { pw: pg ? +pg[1] : 0, ph: pg ? +pg[2] : 0,
	    words: Array.from(x.matchAll(/<word xMin="([-0-9.]+)" yMin="[-0-9.]+" xMax="([-0-9.]+)" yMax="[-0-9.]+">([^<]*)</g)).map((m) => ({
	    a: +m[1], b: +m[2], t: m[3] })) };
}

// The small diff several scripts draw: one function grew, one shrank, one
// is new, one vanished, one did not change.
const demoDiff = "# fg-diff kind=diff base=a.txt current=b.txt\n" + [
	"main;parse;strstr 500 100", "main;parse;regexec 0 450",
	"main;io;read 300 300", "main;old;gone 80 0", "main;compute 1000 1000",
].join("\n") + "\n";

// A frame's element as shown, found by its title (the first frame of the
// view shown whose title holds text): its copy in a zoom's overlay (over
// the view, which it hides) if one has a copy, else its own.
async function shown(page, text) {
	const h = await page.evaluateHandle((t) => {
		const f = window.fgsvg.frames().filter((x) =>
		    x.r.firstChild.textContent.indexOf(t) >= 0);
		const c = f.find((x) => x.c);
		return c ? c.c : f.length ? f[0].e : null;
	}, text);
	const e = h.asElement();
	if (!e)
		throw new Error("no frame's title holds " + JSON.stringify(text));
	return e;
}

// The text of the element whose id is id.
function text(page, id) {
	return page.evaluate((i) => document.getElementById(i).textContent, id);
}

// The details line's text after the pointer rests on the frame whose title
// holds name + " (" (moved away first, so that the hover is new).
async function details(page, name) {
	await page.mouse.move(0, 0);
	await (await shown(page, name + " (")).hover();
	return text(page, "details");
}

// A page opener for ctx: open(file, query) goes to the file (query, such
// as "?s=x", appended), each page's script errors pushed onto errors.
function opener(ctx, errors, timeout) {
	return async (file, query) => {
		const page = await ctx.newPage();
		page.on("pageerror", (e) => errors.push(String(e)));
		await page.goto(fileurl(file) + (query || ""),
		    timeout ? { timeout } : undefined);
		return page;
	};
}

module.exports = { launch, serve, fileurl, suite, run, demoDiff, pdfwords, opener,
    shown, text, details };
