// Gzip sizes, from Vite's manifest, of what Home's page loads before its first
// paint (the boot module and the styles), of what the app's first render loads
// (that, the app's code and the WASM glue, with their static imports) and of
// the two .wasm modules.
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
// The core module (the first screen's) and the tools module (loaded by the
// pages of timers, weight, plans and shopping lists).
const wasmOf = (name) => Object.values(manifest).find((c) => c.file.endsWith('.wasm') && c.file.includes(name))?.file;
const wasm = wasmOf('manna_core') ? gz(wasmOf('manna_core')) : NaN;
const tools = wasmOf('manna_tools') ? gz(wasmOf('manna_tools')) : NaN;
const beforePaint = [...graph(FIRST_PAINT)].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);
console.log(`JS before Home's first paint: ${kb(beforePaint)} gzip`);
console.log(`first-render JS:  ${kb(js)} gzip (target <= 90 KB)`);
console.log(`first-render CSS: ${kb(css)} gzip`);
console.log(`.wasm (core):     ${kb(wasm)} gzip (target <= 45 KB)`);
console.log(`.wasm (tools):    ${kb(tools)} gzip (loaded by the pages that use it; target <= 90 KB)`);
if (js > 90 * 1024 || !(wasm <= 45 * 1024) || !(tools <= 90 * 1024)) process.exitCode = 1;
