// SPDX-License-Identifier: ISC
// Starts Debian's headless Chromium through playwright-core, offline, with
// a fresh profile directory. Shared by the browser tests, the screenshot
// helper and bench/svg-zoom.js.
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

async function launch(extra) {
	const exe = process.env.FG_CHROMIUM || "/usr/bin/chromium";
	if (!fs.existsSync(exe)) {
		skip(exe + " not found: apt-get install chromium");
	}
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fg-chromium-"));
	const ctx = await playwright().chromium.launchPersistentContext(dir, {
		executablePath: exe,
		headless: true,
		args: ["--no-sandbox", "--disable-gpu",
		    "--disable-background-networking",
		    "--disable-component-update", "--disable-sync",
		    "--no-first-run"],
		viewport: { width: 1280, height: 900 },
		...(extra || {}),
	});
	const close = async () => {
		await ctx.close();
		fs.rmSync(dir, { recursive: true, force: true });
	};
	return { ctx, close };
}

function fileurl(p) {
	return "file://" + path.resolve(p);
}

module.exports = { launch, fileurl };
