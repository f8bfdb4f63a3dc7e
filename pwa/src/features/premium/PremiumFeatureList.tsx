// What premium unlocks, as a ticked list (the ticks are decoration only).

import { PREMIUM_FEATURES } from './plans';

export function PremiumFeatureList() {
  return (
    <ul className="features">
      {PREMIUM_FEATURES.map((f) => (
        <li key={f}>
          <span aria-hidden="true">✓</span> {f}
        </li>
      ))}
    </ul>
  );
}
