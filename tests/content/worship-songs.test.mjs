// The worship page's hymns: twelve, each with words published before 1929
// (public domain), a named author and year, a few lines, a prayer, and a KJV
// passage that exists.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { kjvText } from './kjv.mjs';

const songs = JSON.parse(readFileSync(new URL('../../server/content/worship-songs.json', import.meta.url), 'utf8')).items;

test('there are twelve songs, each once', () => {
  assert.equal(songs.length, 12);
  assert.equal(new Set(songs.map((s) => s.title)).size, 12);
});

for (const song of songs) {
  test(`${song.title}: public domain, attributed, short quotation, a real passage`, () => {
    assert.ok(song.year < 1929, `${song.year} is too recent to be public domain`);
    assert.ok(song.author.trim().length > 0);
    assert.ok(song.keyLines.length >= 1 && song.keyLines.length <= 4, 'a few lines, not the whole hymn');
    assert.ok(song.prayer.endsWith('Amen.'));
    assert.ok(kjvText(song.scripture).length > 0);
  });
}
