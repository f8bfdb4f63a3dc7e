// PouchDB's replication of the same records, for comparison: a memory PouchDB
// replicates N documents to pouchdb-server (in memory), then a fresh memory
// PouchDB replicates them back. Prints one JSON line of timings in ms.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const PouchDB = require('pouchdb-core')
  .plugin(require('pouchdb-adapter-memory'))
  .plugin(require('pouchdb-adapter-http'))
  .plugin(require('pouchdb-replication'));

const count = Number(process.env.RECORDS ?? 10000);
const port = Number(process.argv[2] ?? 5985);
const bin = join(import.meta.dirname, 'node_modules/.bin/pouchdb-server');
// pouchdb-server writes its config and log into its working folder: keep them out of the tree.
const work = mkdtempSync(join(tmpdir(), 'pouchdb-server-'));
const server = spawn(bin, ['--in-memory', '--port', String(port), '--host', '127.0.0.1'], {
  cwd: work,
  stdio: ['ignore', 'pipe', 'pipe'],
});
const remoteUrl = `http://127.0.0.1:${port}/bench`;

try {
  for (let i = 0; i < 100; i += 1) {
    const ok = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const local = new PouchDB('local', { adapter: 'memory' });
  const docs = Array.from({ length: count }, (_, i) => ({
    _id: `weight:${i}`,
    weight: 1500 + (i % 500),
    date: '2026-11-22',
    notes: `entry ${i}`,
    mood: 'good',
  }));
  await local.bulkDocs(docs);
  const t0 = performance.now();
  await PouchDB.replicate(local, remoteUrl, { batch_size: 1000 });
  const t1 = performance.now();
  const fresh = new PouchDB('fresh', { adapter: 'memory' });
  await PouchDB.replicate(remoteUrl, fresh, { batch_size: 1000 });
  const t2 = performance.now();
  const info = await fresh.info();
  if (info.doc_count !== count) throw new Error(`replicated ${info.doc_count} of ${count}`);
  console.log(JSON.stringify({ pushMs: t1 - t0, pullMs: t2 - t1, totalMs: t2 - t0, records: count }));
} finally {
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
}
