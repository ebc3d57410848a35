// SPDX-License-Identifier: ISC
// node serve.js DIR: the one Chromium of a run of tests/run.sh, shared by
// its browser cases (lib.js starts it with the first of them and connects
// to it). Writes DIR/chromium.ws (the server's endpoint) when ready, or
// DIR/chromium.failed (why) when it could not start; ends on SIGTERM (the
// harness's end) or when DIR or its endpoint file is removed, the browser
// killed when it does not close within 5 s (a Chromium whose profile is
// being removed under it can hang in its shutdown).
"use strict";
const fs = require("fs");
const path = require("path");
const lib = require("./lib.js");

const dir = process.argv[2];
function put(name, text) {
	const f = path.join(dir, name);
	fs.writeFileSync(f + ".tmp", text);
	fs.renameSync(f + ".tmp", f);
}
lib.serve().then((server) => {
	put("chromium.ws", server.wsEndpoint());
	let ending = false;
	const end = () => {
		if (ending)
			return;
		ending = true;
		setTimeout(() => server.kill().finally(() => process.exit(1)),
		    5000);
		server.close().then(() => process.exit(0),
		    () => process.exit(1));
	};
	process.on("SIGTERM", end);
	const poll = setInterval(() => {
		if (!fs.existsSync(path.join(dir, "chromium.ws"))) {
			clearInterval(poll);
			end();
		}
	}, 1000);
}, (e) => {
	try {
		put("chromium.failed", String(e) + "\n");
	} catch (e2) {
		// DIR is gone: nobody waits
	}
	process.exit(1);
});
