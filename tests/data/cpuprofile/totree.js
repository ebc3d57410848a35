// SPDX-License-Identifier: ISC
// Rewrites a .cpuprofile of today's form (flat "nodes" with callFrame,
// timeDeltas) into the older tree form that Chrome before 2016 and Node's
// v8-profiler module wrote: nodes nested under "head", functionName, url
// and a 1-based lineNumber on each node, startTime and endTime in
// seconds, absolute "timestamps" in microseconds.
// usage: node totree.js IN.cpuprofile >OUT.cpuprofile
const fs = require('fs');
const p = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const kids = new Map();
for (const n of p.nodes) {
	for (const c of n.children || [])
		kids.set(c, n.id);
	if (n.parent !== undefined)
		kids.set(n.id, n.parent);
}
function conv(n) {
	const f = n.callFrame;
	return {
		functionName: f.functionName, scriptId: String(f.scriptId),
		url: f.url, lineNumber: f.lineNumber + 1,
		columnNumber: f.columnNumber + 1, hitCount: n.hitCount || 0,
		callUID: n.id, children: [], deoptReason: '', id: n.id,
		positionTicks: [],
	};
}
// iteratively, parents before children
const out = new Map();
const order = p.nodes.filter((n) => !kids.has(n.id));
for (let i = 0; i < order.length; i++) {
	const n = order[i];
	out.set(n.id, conv(n));
	if (kids.has(n.id))
		out.get(kids.get(n.id)).children.push(out.get(n.id));
	for (const c of n.children || [])
		order.push(byId.get(c));
	for (const m of p.nodes)
		if (m.parent === n.id)
			order.push(m);
}
let t = p.startTime;
const stamps = p.timeDeltas.map((d) => (t += d));
const head = out.get(order[0].id);
process.stdout.write(JSON.stringify({
	head: head, startTime: p.startTime / 1e6, endTime: p.endTime / 1e6,
	samples: p.samples, timestamps: stamps,
}) + '\n');
