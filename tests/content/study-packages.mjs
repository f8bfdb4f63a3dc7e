// Each study's extracted parts against the installed SWORD packages (read
// with diatheke, one process at a time): the studies are checked in two
// halves, study-packages-1 and -2, which `make test` runs side by side.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { lexiconSource } from './sword.mjs';
import { runTogether, studyParts } from './study.mjs';

export const studies = JSON.parse(readFileSync(new URL('../../server/content/bible-studies.json', import.meta.url), 'utf8')).items;

/** The parts of a study taken from the packages. */
export const extracted = (s) => ({
  wordStudies: s.wordStudies,
  parallel: s.parallel,
  commentary: s.commentary,
  crossReferences: s.crossReferences,
});

export const installed = (() => {
  try {
    execFileSync('diatheke', ['-b', 'engKJV2006eb', '-k', 'John 1:1'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Tests the `part`th of `parts` equal shares of the studies (from 1). */
export function testStudies(part, parts) {
  const share = studies.filter((_, i) => i % parts === part - 1);
  for (const s of share) {
    test(`${s.id} (${s.reference}) matches the packages`, () => {
      assert.deepEqual(extracted(s), studyParts(s.reference, s));
      // No two words of a Strong's entry run together, judged against the
      // entry as the dictionary holds it.
      for (const w of s.wordStudies) {
        const source = lexiconSource(w.strongs);
        assert.deepEqual([w.definition, w.kjvUsage].flatMap((t) => runTogether(t, source)), [], w.strongs);
      }
    });
  }
}
