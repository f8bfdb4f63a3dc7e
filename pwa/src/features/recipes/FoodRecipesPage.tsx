// /food-recipes: recipe ideas for a food, from `?food={slug}` (the name
// lower-cased, spaces to hyphens) or today's food spotlight. A grid of cards;
// a card opens the recipe (ingredients, numbered steps, benefits) and Back
// returns to the grid. A food without recipes says so and offers today's.

import { use, useState } from 'react';
import { Link } from '../../lib/router';
import { useSearchParams } from '../../lib/searchParams';
import { CardSkeleton } from '../../components/CardSkeleton';
import { ListUnavailable } from '../../components/ListUnavailable';
import { PageHeader } from '../../components/PageHeader';
import { recipesPath, slugOf } from '../../content/foodSlug';
import { ListNotSavedOffline, useContentList } from '../../content/useContentList';
import { useDaily } from '../../content/useDaily';
import type { Recipe } from '../../generated/content';
import { loadCore, todayIn, type Core } from '../../wasm/core';

export default function FoodRecipesPage() {
  return <FoodRecipes core={use(loadCore())} />;
}

function FoodRecipes({ core }: { core: Core }) {
  const [params] = useSearchParams();
  const asked = params.get('food')?.trim().toLowerCase() || null;
  const spotlight = useDaily('foodSpotlight', todayIn(core));
  const recipes = useContentList<Recipe>('/api/recipes');
  const [openId, setOpenId] = useState<string | null>(null);

  const todays = spotlight.data?.name ?? null;
  const slug = asked ?? (todays ? slugOf(todays) : null);
  const forFood = (recipes.data ?? []).filter((r) => slug !== null && slugOf(r.food) === slug);
  const food = forFood[0]?.food ?? todays;
  const open = forFood.find((r) => r.id === openId);

  let body;
  if (recipes.isPending || (asked === null && spotlight.isPending)) {
    body = <CardSkeleton label="Loading recipes" count={3} />;
  } else if (recipes.isError) {
    body = <ListUnavailable what="the recipes" offline={recipes.error instanceof ListNotSavedOffline}
        failed={recipes.isError} onRetry={() => void recipes.refetch()} />;
  } else if (forFood.length === 0) {
    body = (
      <section className="card empty" role="status">
        <p>{asked ? `We don't have recipes for "${asked.replace(/-/g, ' ')}" yet.` : 'No food spotlight is available for today yet.'}</p>
        {asked && todays && slugOf(todays) !== asked && (
          <Link className="btn btn-primary" to={recipesPath(todays)}>
            See recipes for today&apos;s {todays}
          </Link>
        )}
      </section>
    );
  } else if (open) {
    body = (
      <article className="card recipe" aria-labelledby="recipe-title">
        <button type="button" className="link-btn" onClick={() => setOpenId(null)}>
          ← Back to {food} recipes
        </button>
        <h2 id="recipe-title">{open.title}</h2>
        <p className="meta">
          {open.time} · serves {open.servings}
        </p>
        <h3>Ingredients</h3>
        <ul>
          {open.ingredients.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
        <h3>Steps</h3>
        <ol className="steps">
          {open.instructions.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p>
          <strong>Benefits:</strong> {open.benefits}
        </p>
      </article>
    );
  } else {
    body = (
      <>
        <h2 className="section-title">Recipes with {food}</h2>
        <ul className="recipe-grid plain-list">
          {forFood.map((r) => (
            <li key={r.id}>
              <button type="button" className="card recipe-card" onClick={() => setOpenId(r.id)}>
                <strong>{r.title}</strong>
                <span className="meta">
                  {r.time} · serves {r.servings}
                </span>
                <span>{r.benefits}</span>
              </button>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Recipe Ideas" />
      <main className="page recipes">
        {body}
        <p className="disclaimer small">
          For education only, not medical advice. Check labels and ingredients for allergies and special diets.
        </p>
        <Link className="btn btn-outline" to="/">
          Back to Home
        </Link>
      </main>
    </>
  );
}
