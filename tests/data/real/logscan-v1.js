// SPDX-License-Identifier: ISC
// A fixed amount of log scanning, for before/after captures (see README):
// `node logscan.js [ROUNDS]`. logscan-v1.js finds error lines with
// str.indexOf; logscan-v2.js, otherwise the same line for line, with a
// regular expression (the change under test).
'use strict';

function makeLines(n) {
  const levels = ['debug', 'info', 'info', 'warn', 'error'];
  const lines = [];
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    lines.push('2026-11-23T17:' + String(x % 60).padStart(2, '0') +
      ' host' + (x % 97) + ' level=' + levels[x % 5] +
      ' path=/api/v1/item' + (x % 3000) + ' took=' + (x % 900) + 'ms');
  }
  return lines;
}

function isError(line) {
  return line.indexOf('level=error') !== -1;
}

function parseTook(line) {
  const at = line.lastIndexOf('took=');
  return parseInt(line.slice(at + 5), 10);
}

function countPaths(lines) {
  const counts = new Map();
  for (const line of lines) {
    if (!isError(line))
      continue;
    const at = line.indexOf('path=');
    const path = line.slice(at + 5, line.indexOf(' ', at));
    counts.set(path, (counts.get(path) || 0) + 1);
  }
  return counts;
}

function slowest(lines) {
  let worst = 0;
  for (const line of lines)
    worst = Math.max(worst, parseTook(line));
  return worst;
}

function main() {
  const rounds = Number(process.argv[2] || 40);
  const lines = makeLines(200000);
  let sum = 0;
  for (let r = 0; r < rounds; r++) {
    sum += countPaths(lines).size;
    sum += slowest(lines);
  }
  console.log(sum);
}

main();
