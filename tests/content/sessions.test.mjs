// Meditation and prayer sessions: at least twelve of each, some premium, each
// verse the KJV verbatim, and a script long enough for its length (read
// slowly, then silence until the bell: at least ten words a minute).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { kjvText } from './kjv.mjs';

const load = (name) => JSON.parse(readFileSync(new URL(`../../server/content/${name}.json`, import.meta.url), 'utf8')).items;

for (const [name, items] of [
  ['meditation-sessions', load('meditation-sessions')],
  ['prayer-sessions', load('prayer-sessions')],
]) {
  test(`${name}: at least twelve, some premium and most free`, () => {
    assert.ok(items.length >= 12);
    const premium = items.filter((s) => s.isPremium).length;
    assert.ok(premium > 0 && premium < items.length / 2, `${premium} premium`);
  });

  for (const s of items) {
    test(`${s.id} ${s.title}: KJV verse, script for ${s.durationMinutes} minutes, tags`, () => {
      assert.equal(s.verse, kjvText(s.verseReference));
      const words = s.script.split(/\s+/).length;
      assert.ok(words >= Math.max(100, 10 * s.durationMinutes), `${words} words for ${s.durationMinutes} minutes`);
      assert.ok(s.durationMinutes >= 3 && s.durationMinutes <= 30);
      assert.ok(s.tags.length > 0);
      if (name === 'prayer-sessions') assert.ok(s.prayerType);
    });
  }
}
