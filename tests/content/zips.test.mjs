// The ZIP table the server embeds is the package's data, line for line.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { ZIPS_FILE, zipTable } from './zips.mjs';

const shipped = gunzipSync(readFileSync(ZIPS_FILE)).toString('utf8');

test('the embedded ZIP table is the GeoNames data the package ships', () => {
  assert.equal(shipped.split('\n')[0], zipTable().split('\n')[0], 'extracted from another version: run node content/extract-zips.mjs');
  assert.ok(shipped === zipTable(), 'the table differs from the package: run node content/extract-zips.mjs');
});

test('the table has every state and a ZIP a person knows', () => {
  const rows = shipped.trim().split('\n').slice(1).map((l) => l.split('\t'));
  assert.ok(rows.length > 40000, `${rows.length} ZIPs`);
  const states = new Set(rows.map((r) => r[4]));
  assert.ok(states.size >= 51 && ['AK', 'HI', 'DC', 'WY'].every((s) => states.has(s)), [...states].join(' '));
  assert.deepEqual(rows.find((r) => r[0] === '90210'), ['90210', '34.0901', '-118.4065', 'Beverly Hills', 'CA']);
});
