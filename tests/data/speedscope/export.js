// SPDX-License-Identifier: ISC
// Converts a profile to speedscope's JSON format with speedscope itself:
// loads speedscope's web app (npm package speedscope, dist/release) in
// headless Chromium (tests/browser/lib.js), imports IN with its own
// importers (perf script, .cpuprofile, folded, ...) and saves what its
// Export button writes.
// usage: SPEEDSCOPE=.../node_modules/speedscope node export.js IN OUT.json
const path = require('path');
const lib = require('../../browser/lib.js');

(async () => {
	const { ctx, close } = await lib.launch();
	const page = await ctx.newPage();
	await page.goto(lib.fileurl(path.join(process.env.SPEEDSCOPE,
	    'dist/release/index.html')));
	await page.setInputFiles('input[type=file]', process.argv[2]);
	await page.getByText('Export').waitFor();
	const [dl] = await Promise.all([page.waitForEvent('download'),
	    page.getByText('Export').click()]);
	await dl.saveAs(process.argv[3]);
	await close();
})();
