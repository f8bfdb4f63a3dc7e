// The seven daily cards after Today's Reading, in the home screen's order.

import type { ReactNode } from 'react';
import { useQuery } from '../../../lib/query';
import { Link } from '../../../lib/router';
import { apiRequest } from '../../../api/client';
import { recipesPath } from '../../../content/foodSlug';
import { useDaily } from '../../../content/useDaily';
import type { Biohack, ExerciseSuggestion, FoodSpotlight, HealthTip } from '../../../content/types';
import { usePremium } from '../../../entitlement/usePremium';
import { ContentCard } from '../ContentCard';
import { Badges, SourceLink, Tags } from './cardParts';

interface DayProps {
  date: string;
}


/** What HealthTipCard shows of one health tip (also each entry of its page's Recent list). */
export function HealthTipBody({ item: t }: { item: HealthTip }) {
  return (
    <>
      <p className="eyebrow">{t.category}</p>
      <h3>{t.title}</h3>
      <p>{t.content}</p>
      {t.quickAction && (
        <p className="quick-action">
          <strong>Try this:</strong> {t.quickAction}
        </p>
      )}
      <Tags tags={t.tags} />
      <SourceLink source={t.sources} />
    </>
  );
}

export function HealthTipCard({ date, title = "Today's Health Wisdom" }: DayProps & { title?: string }) {
  return (
    <ContentCard id="health-tip" title={title} itemName="health tip" query={useDaily('healthTip', date)}>
      {(item) => <HealthTipBody item={item} />}
    </ContentCard>
  );
}

/** What SpotlightCard shows of one food spotlight (also each entry of its page's Recent list). */
export function SpotlightBody({ item: f }: { item: FoodSpotlight }) {
  return (
    <>
      <h3>{f.name}</h3>
      <p className="eyebrow">In season: {f.season}</p>
      <p>{f.description}</p>
      {f.benefits && (
        <p>
          <strong>Benefits:</strong> {f.benefits}
        </p>
      )}
      {f.preparation && (
        <p>
          <strong>Preparation:</strong> {f.preparation}
        </p>
      )}
      <SourceLink source={f.sources} />
      <Link className="btn btn-primary" to={recipesPath(f.name)}>
        Get Recipe Ideas
      </Link>
    </>
  );
}

export function SpotlightCard({ date, title = "Organic Spotlight" }: DayProps & { title?: string }) {
  return (
    <ContentCard id="spotlight" title={title} itemName="food spotlight" query={useDaily('foodSpotlight', date)}>
      {(item) => <SpotlightBody item={item} />}
    </ContentCard>
  );
}

/** What MovementCard shows of one exercise suggestion (also each entry of its page's Recent list). */
export function MovementBody({ item: e, byId = false }: { item: ExerciseSuggestion; byId?: boolean }) {
  return (
    <>
      <h3>{e.title}</h3>
      <p className="meta">
        <span>{e.category}</span> · <span>{e.duration}</span> · <span className="capitalize">{e.difficulty}</span>
      </p>
      <p>{e.description}</p>
      {e.instructions && e.instructions.length > 0 && (
        <ol className="steps">
          {e.instructions.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      )}
      <p>
        <strong>Benefits:</strong> {e.benefits}
      </p>
      <SourceLink source={e.sources} />
      <Link className="btn btn-primary" to={byId ? `/exercise-timer?id=${encodeURIComponent(e.id)}` : '/exercise-timer'}>
        Start Exercise
      </Link>
    </>
  );
}

export function MovementCard({ date, title = "Today's Movement" }: DayProps & { title?: string }) {
  return (
    <ContentCard id="movement" title={title} itemName="exercise suggestion" query={useDaily('exerciseSuggestion', date)}>
      {(item) => <MovementBody item={item} />}
    </ContentCard>
  );
}

/** Today's premium biohack in full, asked of the server (which checks premium). */
function PremiumBiohack({ date, locked }: { date: string; locked: ReactNode }) {
  const q = useQuery({
    queryKey: ['premium-biohack', date],
    queryFn: () => apiRequest<Biohack | null>('GET', `/api/premium-biohacks/today?date=${encodeURIComponent(date)}`),
  });
  if (q.isPending) return <p className="muted">Unlocking your premium biohack…</p>;
  if (!q.data) return <>{locked}</>;
  return <BiohackBody b={q.data} />;
}

function BiohackBody({ b }: { b: Biohack }) {
  return (
    <>
      <h3>{b.title}</h3>
      <p className="meta">
        <span className="capitalize">{b.category.replace(/-/g, ' ')}</span> · <span>{b.duration || 'Variable'}</span>
      </p>
      <p>{b.description}</p>
      <p>
        <strong>How to:</strong> {b.howTo}
      </p>
      <p>
        <strong>Benefits:</strong> {b.benefits}
      </p>
      <SourceLink source={b.scientificBasis} />
    </>
  );
}

export function BiohackCard({ date }: DayProps) {
  const { premium } = usePremium();
  return (
    <ContentCard
      id="biohack"
      title={(b) => (b.isPremium === 1 ? 'Biohack Spotlight' : "Today's Biohack")}
      itemName="biohack"
      query={useDaily('dailyBiohack', date)}
      className={(b) => (b.isPremium === 1 ? 'card-premium' : '')}
    >
      {(b) => {
        if (typeof b.howTo === 'string') return <BiohackBody b={b} />;
        const locked = (
          <div className="locked">
            <span className="premium-pill">Premium Only</span>
            <h3>{b.title}</h3>
            <p className="eyebrow">{b.category.replace(/-/g, ' ')}</p>
            <p>This biohack is part of the premium plan. Unlock it with your personalised 30-day wellness plan.</p>
            <Link className="btn btn-gold" to="/subscribe-simple">
              Unlock Premium
            </Link>
          </div>
        );
        return premium.isPremium ? <PremiumBiohack date={date} locked={locked} /> : locked;
      }}
    </ContentCard>
  );
}

export function HomeTipCard({ date }: DayProps) {
  return (
    <ContentCard id="home-tip" title="Healthy Home Tip" itemName="home tip" query={useDaily('healthyHomeTip', date)}>
      {(t) => (
        <>
          <p className="eyebrow">{t.category}</p>
          <h3>{t.title}</h3>
          <p>{t.content}</p>
          <p className="quick-action">
            <strong>Try this:</strong> {t.quickAction}
          </p>
          <p className="meta">
            <span className="capitalize">{t.costLevel.replace(/-/g, ' ')}</span> · <span className="capitalize">{t.difficulty}</span>
          </p>
          <Tags tags={t.tags} />
        </>
      )}
    </ContentCard>
  );
}

export function BiblicalFoodCard({ date }: DayProps) {
  return (
    <ContentCard id="biblical-food" title="Foods of the Bible" itemName="biblical food" query={useDaily('biblicalFood', date)}>
      {(f) => (
        <>
          <h3>{f.name}</h3>
          <p className="reference small">{f.biblicalReferences}</p>
          <p>{f.description}</p>
          <Badges text={f.healthBenefits} />
          <p>
            <strong>Today:</strong> {f.modernPreparation}
          </p>
          <p className="muted">{f.spiritualSignificance}</p>
          <SourceLink source={f.sources} />
        </>
      )}
    </ContentCard>
  );
}

export function SnackCard({ date }: DayProps) {
  return (
    <ContentCard id="snack" title="Healthy Snacks Spotlight" itemName="healthy snack" query={useDaily('healthySnack', date)}>
      {(s) => (
        <>
          <h3>{s.name}</h3>
          <p className="eyebrow">{s.category}</p>
          <p>{s.description}</p>
          <p>
            <strong>Nutrition:</strong> {s.nutritionHighlights}
          </p>
          <Badges text={s.healthBenefits} />
          <p>
            <strong>Serving:</strong> {s.servingSize}
          </p>
          <p>
            <strong>Tip:</strong> {s.preparationTips}
          </p>
          <p>
            <strong>Pairs with:</strong> {s.pairingIdeas}
          </p>
        </>
      )}
    </ContentCard>
  );
}
