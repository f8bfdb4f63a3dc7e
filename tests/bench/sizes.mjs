// Gzip sizes, from Vite's manifest, of what Home's page loads before its first
// paint (the boot module and the styles), of what the app's first render loads
// (that, the app's code and the WASM glue, with their static imports) and of
// the .wasm modules.
//
// Each size has a target (what the app is to reach; `make bench` fails when
// one is missed) and a budget (`make test`, with `--budgets`, fails when a
// change makes the built app larger than that). Sizes, not times: they hold
// on a slow machine.
//   node tests/bench/sizes.mjs [--budgets]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../../pwa/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const FIRST_PAINT = ['index.html'];
// The app's code is what the boot module (index.html's entry) imports.
const FIRST_RENDER = ['index.html', ...(manifest['index.html'].dynamicImports ?? []), 'src/wasm/pkg/manna_core.js'];

const graph = (keys) => {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
};
const files = graph(FIRST_RENDER);

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let js = 0;
let css = 0;
for (const file of [...files].sort()) {
  const size = gz(file);
  if (file.endsWith('.js')) js += size;
  if (file.endsWith('.css')) css += size;
  console.log(`  ${file.padEnd(48)} ${kb(size)} gzip`);
}
// The core module (the first screen's), the records module (the first
// write's), the tools module (loaded by the pages of timers, weight, plans
// and shopping lists) and the search module (the archive's and the reader's
// searches with no signal).
const wasmOf = (name) => Object.values(manifest).find((c) => c.file.endsWith('.wasm') && c.file.includes(name))?.file;
const wasm = wasmOf('manna_core') ? gz(wasmOf('manna_core')) : NaN;
const tools = wasmOf('manna_tools') ? gz(wasmOf('manna_tools')) : NaN;
const records = wasmOf('manna_records') ? gz(wasmOf('manna_records')) : NaN;
const search = wasmOf('manna_search') ? gz(wasmOf('manna_search')) : NaN;
const beforePaint = [...graph(FIRST_PAINT)].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);

/** KB of gzip: what each is to reach, and what no change may go over. */
const LIMITS = [
  { name: 'first-render JS', size: js, target: 85, budget: 85 },
  { name: '.wasm (core, the first screen)', size: wasm, target: 40, budget: 40 },
  { name: '.wasm (records, after the first screen)', size: records, target: 45, budget: 45 },
  { name: '.wasm (tools, the pages that use it)', size: tools, target: 90, budget: 90 },
  { name: '.wasm (search, offline searches)', size: search, target: 50, budget: 50 },
];
console.log(`JS before Home's first paint: ${kb(beforePaint)} gzip`);
console.log(`first-render CSS: ${kb(css)} gzip`);
const budgets = process.argv.includes('--budgets');
let over = false;
for (const { name, size, target, budget } of LIMITS) {
  const limit = budgets ? budget : target;
  // A module missing from the build (NaN) is over every limit.
  const missed = !(size <= limit * 1024);
  over ||= missed;
  console.log(`${name.padEnd(38)} ${kb(size).padStart(9)} gzip (target <= ${target} KB, budget <= ${budget} KB)${missed ? ` OVER the ${budgets ? 'budget' : 'target'}` : ''}`);
}
if (over) process.exitCode = 1;
