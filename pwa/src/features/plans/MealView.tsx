// A meal of a plan day: its name, what goes in it and why, or the built-in
// text for the day when the plan has none.

import type { MealChoice } from '../../generated/meals';

export function MealView({ label, meal, fallback }: { label: string; meal: MealChoice | null | undefined; fallback?: string }) {
  return (
    <section className="meal" aria-label={label}>
      <h4>
        {label}
        {meal ? `: ${meal.name}` : ''}
      </h4>
      {meal ? (
        <>
          {meal.swappedFrom && <p className="small muted">Swapped for your preferences (instead of {meal.swappedFrom}).</p>}
          <p className="small muted">{meal.minutes} min{meal.portion ? ` · ${meal.portion}` : ''}</p>
          <ul className="ingredients">
            {meal.ingredients.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="small">{meal.benefits}</p>
        </>
      ) : (
        <p>{fallback ?? 'Nothing planned: choose any meal that keeps to your preferences.'}</p>
      )}
    </section>
  );
}
