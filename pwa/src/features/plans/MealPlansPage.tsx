// /meal-plans: the wholistic meal plans by category, each card with its first
// three principles, premium plans marked, and the upgrade card for those
// without premium. Saved on the device, so the list opens offline too.

import { useState } from 'react';
import { Link } from '../../lib/router';
import { CardSkeleton } from '../../components/CardSkeleton';
import { ListUnavailable } from '../../components/ListUnavailable';
import { Disclaimer } from '../../components/Disclaimer';
import { PageHeader } from '../../components/PageHeader';
import { Tabs } from '../../components/Tabs';
import { useMealPlans } from '../../content/mealPlans';
import { ListNotSavedOffline } from '../../content/useContentList';
import { usePremium } from '../../entitlement/usePremium';
import { MEAL_PLAN_CATEGORIES, type MealPlan } from '../../generated/meals';
import { PLANS } from '../../generated/core';
import { categoryLabel } from './labels';

type Category = 'all' | (typeof MEAL_PLAN_CATEGORIES)[number];
const TABS = [{ id: 'all' as Category, label: 'All' }, ...MEAL_PLAN_CATEGORIES.map((c) => ({ id: c as Category, label: categoryLabel(c) }))];

/** Cards shown while the plans load (spec section 9). */
const PLACEHOLDERS = 3;

export default function MealPlansPage() {
  const plans = useMealPlans();
  const { premium } = usePremium();
  const [category, setCategory] = useState<Category>('all');
  const shown = (plans.data ?? []).filter((p) => category === 'all' || p.category === category);

  return (
    <>
      <PageHeader title="Wholistic Meal Plans" />
      <main className="page meal-plans">
        <p className="muted">Biblically inspired eating for body and soul: start a plan, follow its days and shop from its list.</p>
        <Tabs name="plan-category" label="Plan categories" tabs={TABS} selected={category} onSelect={setCategory}>
          {plans.isPending ? (
            <CardSkeleton label="Loading meal plans" count={PLACEHOLDERS} />
          ) : plans.isError || shown.length === 0 ? (
            <ListUnavailable
              what="the meal plans"
              offline={plans.error instanceof ListNotSavedOffline}
              failed={plans.isError}
              onRetry={() => void plans.refetch()}
              emptyText="No meal plans in this category yet."
            />
          ) : (
            <ul className="plain-list stack">
              {shown.map((plan) => (
                <PlanCard key={plan.id} plan={plan} />
              ))}
            </ul>
          )}
        </Tabs>
        <Disclaimer />
        {!premium.isPremium && (
          <section className="promo" aria-labelledby="meal-upsell">
            <h2 id="meal-upsell">Unlock Every Meal Plan</h2>
            <p>Premium opens the 14- and 30-day plans with their daily menus and shopping lists, and the 30-day shopping calendar.</p>
            <Link className="btn btn-gold" to="/checkout">
              {`Start My Plan - ${PLANS.monthly.price}/month`}
            </Link>
          </section>
        )}
      </main>
    </>
  );
}

function PlanCard({ plan }: { plan: MealPlan }) {
  return (
    <li className="card meal-plan-card">
      <p className="row">
        <span className="tag">{categoryLabel(plan.category)}</span>
        <span className="tag">{plan.duration}</span>
        {plan.isPremium && <span className="premium-pill">Premium Feature</span>}
      </p>
      <h2 className="card-title">{plan.title}</h2>
      <p>{plan.description}</p>
      <ul className="principles">
        {plan.principles.slice(0, 3).map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
      <Link className="btn btn-primary" to={`/meal-plans/${plan.id}`}>
        {plan.locked ? 'Preview Plan' : 'View Plan'}
        <span className="sr-only">: {plan.title}</span>
      </Link>
    </li>
  );
}
