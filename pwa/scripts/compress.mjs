// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the
// built app in `dist/`, at each format's best level. The server answers a
// request for the file with the copy the browser accepts, so no request for
// the app's files costs compression work, and each is as small as it can be.
// Run after `vite build` (`npm run build`), once the service worker is written.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The files worth compressing: text, and WebAssembly. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/;
/** Below this, the headers of a compressed answer outweigh what it saves. */
const MIN_BYTES = 1024;

const dist = new URL('../dist', import.meta.url).pathname;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // Vite's own records of the build are never served.
      if (entry.name !== '.vite') yield* files(path);
    } else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= MIN_BYTES) {
      yield path;
    }
  }
}

let plain = 0;
let br = 0;
let count = 0;
for (const path of files(dist)) {
  const bytes = readFileSync(path);
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  plain += bytes.length;
  br += brotli.length;
  count += 1;
}
if (count === 0) throw new Error(`no files to compress in ${dist}: run vite build first`);
console.log(`compressed ${count} files: ${(plain / 1024).toFixed(0)} KB, ${(br / 1024).toFixed(0)} KB as brotli`);
