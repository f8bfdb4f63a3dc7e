// Each exercise's and premium routine's spiritual focus cites a passage that exists, and any words
// it quotes are the KJV's own words in that passage.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { kjvText } from './kjv.mjs';

const items = (file) => JSON.parse(readFileSync(new URL(`../../server/content/${file}`, import.meta.url), 'utf8')).items;
// The daily exercises and the premium routines.
const exercises = [...items('exercise-suggestions.json'), ...items('premium-exercises.json')];

for (const e of exercises) {
  test(`${e.id} ${e.title}: its focus cites and quotes the KJV`, () => {
    const cited = /\(([1-3]? ?[A-Z][a-z]+(?: [A-Z][a-z]+)* \d+:\d+(?:-\d+)?)\)/.exec(e.spiritualComponent ?? e.spiritualFocus);
    assert.ok(cited, `no (Book chapter:verse) in "${e.spiritualComponent ?? e.spiritualFocus}"`);
    const text = kjvText(cited[1]);
    for (const [, quote] of (e.spiritualComponent ?? e.spiritualFocus).matchAll(/"([^"]+)"/g)) {
      assert.ok(text.includes(quote), `"${quote}" is not in ${cited[1]}: ${text}`);
    }
  });
}
