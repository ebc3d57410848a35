// SPDX-License-Identifier: ISC
// Records a Chrome DevTools Performance-panel trace of page.html (JS work
// on the main thread and in a worker) with headless Chromium through
// playwright-core, then keeps what fg-collapse reads (metadata, Profile
// and ProfileChunk events) and the first 40 other events, to stay small.
// The page is served as https://fg.test/ by playwright itself (no network),
// so that frame names do not depend on where the checkout is.
// usage: node record.js OUT.json   (PLAYWRIGHT=path/to/playwright-core)
const fs = require('fs');
const path = require('path');
const { chromium } = require(process.env.PLAYWRIGHT ||
    path.join(__dirname, '../../browser/node_modules/playwright-core'));

(async () => {
	const browser = await chromium.launch({
		executablePath: '/usr/bin/chromium', headless: true,
		args: ['--no-sandbox', '--disable-gpu',
		    '--disable-background-networking',
		    '--disable-component-update', '--disable-sync',
		    '--no-first-run'],
	});
	const page = await browser.newPage();
	await page.route('https://fg.test/**', (route) => {
		const f = path.basename(new URL(route.request().url()).pathname);
		route.fulfill({ path: path.join(__dirname, f),
		    contentType: f.endsWith('.js') ? 'text/javascript' :
		    'text/html' });
	});
	await page.goto('https://fg.test/page.html');
	const raw = process.argv[2] + '.raw';
	await browser.startTracing(page, { path: raw,
	    categories: ['devtools.timeline', 'v8.execute',
	    'disabled-by-default-devtools.timeline',
	    'disabled-by-default-v8.cpu_profiler'] });
	await page.evaluate(() => window.go());
	await page.evaluate(() => window.done);
	await page.waitForTimeout(300);	// let the profiler flush its chunks
	await browser.stopTracing();
	await browser.close();
	const t = JSON.parse(fs.readFileSync(raw, 'utf8'));
	let other = 0;
	const keep = t.traceEvents.filter((e) => e.ph === 'M' ||
	    e.name === 'Profile' || e.name === 'ProfileChunk' || other++ < 40);
	fs.writeFileSync(process.argv[2], '{"traceEvents":[\n' +
	    keep.map((e) => JSON.stringify(e)).join(',\n') + ']}\n');
	fs.unlinkSync(raw);
})();
