// The medical disclaimer every health card and plan carries (spec part 1).

import { DISCLAIMER } from './disclaimerText';

export function Disclaimer() {
  return <p className="disclaimer">{DISCLAIMER}</p>;
}
