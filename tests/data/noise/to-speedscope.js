// SPDX-License-Identifier: ISC
// Convert a V8 .cpuprofile into speedscope's file format (one sampled
// profile), as speedscope's own exporter writes a Chrome profile it
// imported: frames shared, each sample a stack of frame indices (root
// first), weights the time each sample stands for (the next sample's time
// delta, in microseconds), consecutive identical stacks merged.
// usage: node cpuprofile2speedscope.js in.cpuprofile > out.speedscope.json
'use strict';
const fs = require('fs');
const p = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byId = new Map(), parent = new Map();
for (const n of p.nodes) byId.set(n.id, n);
for (const n of p.nodes) for (const c of n.children || []) parent.set(c, n.id);
const frames = [], fkey = new Map();
function frameOf(cf) {
  const name = cf.functionName || '(anonymous)';
  const k = name + '\0' + cf.url + '\0' + cf.lineNumber + '\0' + cf.columnNumber;
  let i = fkey.get(k);
  if (i === undefined) {
    i = frames.length; fkey.set(k, i);
    const f = { name };
    if (cf.url) f.file = cf.url;
    if (cf.lineNumber >= 0) f.line = cf.lineNumber + 1;
    if (cf.columnNumber >= 0) f.col = cf.columnNumber + 1;
    frames.push(f);
  }
  return i;
}
const stackCache = new Map();
function stackOf(id) {
  let s = stackCache.get(id);
  if (s) return s;
  s = [];
  for (let x = id; x !== undefined; x = parent.get(x)) {
    const n = byId.get(x);
    if (n.callFrame.functionName === '(root)') break;
    s.push(frameOf(n.callFrame));
  }
  s.reverse(); stackCache.set(id, s);
  return s;
}
const samples = [], weights = [];
let t = p.startTime, prevId = -1;
const times = [];
for (const d of p.timeDeltas) { t += d; times.push(t); }
for (let i = 0; i < p.samples.length; i++) {
  const next = i + 1 < times.length ? times[i + 1] : p.endTime;
  const w = Math.max(0, next - times[i]);
  const id = p.samples[i];
  if (id === prevId && samples.length) { weights[weights.length - 1] += w; continue; }
  samples.push(stackOf(id)); weights.push(w); prevId = id;
}
const total = weights.reduce((a, b) => a + b, 0);
const out = {
  $schema: 'https://www.speedscope.app/file-format-schema.json',
  shared: { frames },
  profiles: [{ type: 'sampled', name: require('path').basename(process.argv[2]), unit: 'microseconds',
    startValue: 0, endValue: total, samples, weights }],
  name: require('path').basename(process.argv[2]),
  activeProfileIndex: 0,
  exporter: 'cpuprofile2speedscope.js (speedscope file format 0.6.0)'
};
process.stdout.write(JSON.stringify(out));
