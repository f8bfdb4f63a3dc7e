// What premium unlocks, as a ticked list (the ticks are decoration only).
// Only what exists in the app is listed.

export const PREMIUM_FEATURES = [
  'Guided premium workouts at three levels',
  'Your premium dashboard with daily progress',
  'A private prayer journal on all your devices',
  'Natural home remedies and the biohack glossary',
  'A library of classic Christian readings',
  'The full archive of past content, with search',
  'Premium guided meditations and prayer sessions',
  'Daily premium biohacks',
  'Every meal plan, with daily menus and shopping lists',
  'A 30-day shopping calendar built from your plan',
] as const;

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
