// The accessibility check of a page as it stands (axe-core), shared by the
// tests that scan pages.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe violations of the page as it stands, tap
 *  targets smaller than 24 by 24 CSS px (WCAG 2.2, 2.5.8) among them. */
export async function seriousProblems(page) {
  // Evaluated by the test driver: the app's Content-Security-Policy refuses
  // inline script tags, as it should. Once per document: the pages visited
  // through the app's own navigation share one.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })).violations);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

