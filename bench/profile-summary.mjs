// Summarises a V8 .cpuprofile: self time by package (node_modules/<pkg>, node internals, our src)
// and the heaviest functions. Usage: node bench/profile-summary.mjs <file.cpuprofile> [topN] [fromSeconds]
import { readFileSync } from 'node:fs';

const [file, top = '40', fromSeconds = '0'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
// Samples before fromSeconds (boot) are left out.
let at = 0;
profile.samples.forEach((id, i) => {
  at += dt[i] ?? 0;
  if (at >= Number(fromSeconds) * 1e6) self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

function pkg(url) {
  if (!url) return '(native/vm)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  if (url.includes('/dist/src/')) return 'src/' + url.split('/dist/src/')[1].split('/')[0];
  return url;
}
const byPkg = new Map();
const byFn = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const p =
    cf.functionName === '(garbage collector)'
      ? '(gc)'
      : cf.functionName === '(idle)'
        ? '(idle)'
        : cf.functionName === '(program)'
          ? '(program)'
          : pkg(cf.url);
  byPkg.set(p, (byPkg.get(p) ?? 0) + t);
  const key = `${cf.functionName || '(anon)'} ${pkg(cf.url)}:${cf.lineNumber + 1}`;
  byFn.set(key, (byFn.get(key) ?? 0) + t);
}
const busy = total - (byPkg.get('(idle)') ?? 0);
const show = (m, n) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .forEach(([k, t]) => console.log(`${((t / busy) * 100).toFixed(1).padStart(5)}%  ${(t / 1000).toFixed(0).padStart(7)} ms  ${k}`));
console.log(`total ${(total / 1000).toFixed(0)} ms, busy ${(busy / 1000).toFixed(0)} ms (percent of busy)`);
console.log('--- by package');
show(byPkg, 30);
console.log('--- by function');
show(byFn, Number(top));
