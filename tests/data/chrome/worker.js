// SPDX-License-Identifier: ISC
function spin(n) { var s = 0; for (var i = 0; i < n; i++) s += Math.sqrt(i); return s; }
function crunch() { var t = Date.now(), r = 0; while (Date.now() - t < 400) r += spin(100000); return r; }
onmessage = function () { postMessage(crunch()); };
