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
    const premium = items.filter((s) => s.isPremium === 1).length;
    assert.ok(premium > 0 && premium < items.length / 2, `${premium} premium`);
  });

  for (const s of items) {
    test(`${s.id} ${s.title}: KJV verse, description, script for ${s.duration} minutes, tags`, () => {
      assert.equal(s.bibleVerse, kjvText(s.verseReference));
      assert.ok(s.description.length >= 40, 'a description of a sentence');
      assert.ok([0, 1].includes(s.isPremium), 'isPremium is 0 or 1');
      const words = s.scriptContent.split(/\s+/).length;
      assert.ok(words >= Math.max(100, 10 * s.duration), `${words} words for ${s.duration} minutes`);
      assert.ok(s.duration >= 3 && s.duration <= 30);
      assert.ok(s.tags.length > 0);
      if (name === 'prayer-sessions') assert.ok(s.prayerType);
    });
  }
}
