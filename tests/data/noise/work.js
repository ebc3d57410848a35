// SPDX-License-Identifier: ISC
// fixed-work node program: argv[2] = percent of work in slowFn (100 base, 110 changed)
'use strict';
const pct = +(process.argv[2] || 100);
const iters = +(process.argv[3] || 60);
let sink = 0;
function parse(n) { let a = []; for (let i = 0; i < n; i++) a.push({ k: i, v: 'x' + i }); sink += a.length; return a; }
function hashAll(n) { let x = 1; for (let i = 0; i < n * 30; i++) x = (x * 1103515245 + 12345) | 0; sink += x; }
function slowFn(n) { let x = 2; const m = Math.floor(n * 40 * pct / 100); for (let i = 0; i < m; i++) x = (x * 1103515245 + 12345) | 0; sink += x; }
function render(n) { let s = ''; for (let i = 0; i < n / 10; i++) s += String.fromCharCode(65 + i % 26); sink += s.length; let x = 3; for (let i = 0; i < n * 10; i++) x = (x * 1103515245 + 12345) | 0; sink += x; }
function tidy(n) { let x = 4; for (let i = 0; i < n * 10; i++) x = (x * 1103515245 + 12345) | 0; sink += x; }
function main() {
  for (let r = 0; r < iters; r++) {
    parse(20000); hashAll(100000); slowFn(100000); render(100000); tidy(100000);
  }
}
main();
console.log(sink > 0 ? 'ok' : 'ok');
