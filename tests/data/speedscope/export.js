// SPDX-License-Identifier: ISC
// Converts a profile to speedscope's JSON format with speedscope itself:
// loads speedscope's web app (npm package speedscope, dist/release) in
// headless Chromium through playwright-core, imports IN with its own
// importers (perf script, .cpuprofile, folded, ...) and saves what its
// Export button writes.
// usage: SPEEDSCOPE=.../node_modules/speedscope node export.js IN OUT.json
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
	const page = await browser.newPage({ acceptDownloads: true });
	await page.goto('file://' + path.join(process.env.SPEEDSCOPE,
	    'dist/release/index.html'));
	await page.setInputFiles('input[type=file]', process.argv[2]);
	await page.getByText('Export').waitFor();
	const [dl] = await Promise.all([page.waitForEvent('download'),
	    page.getByText('Export').click()]);
	await dl.saveAs(process.argv[3]);
	await browser.close();
})();
