// /biohack-glossary (premium): category cards, a stats panel, a category's
// techniques, and each technique's How To, Benefits, Tips and Safety tabs.
// The glossary comes from the server (members only) and is saved on the
// device; if it cannot be had at all, a short built-in list stands in.

import { useState } from 'react';
import { Link } from '../../lib/router';
import { CardSkeleton } from '../../components/CardSkeleton';
import { Tabs } from '../../components/Tabs';
import { useContentList } from '../../content/useContentList';
import type { GlossaryCategory, Technique } from '../../generated/content';
import { PremiumOnly } from '../upgrade';

const DEFAULT_TIP = 'Start slowly and be consistent for best results.';
const DEFAULT_SAFETY = 'Consult your healthcare provider before starting any new health practice, especially if you have a medical condition, are pregnant or take medication.';

/** Stands in when the glossary cannot be loaded (spec: the built-in fallback of 9). */
const FALLBACK: GlossaryCategory[] = [
  ['light-therapy', 'Light Therapy', 'Morning Daylight', 'Step outside within an hour of waking for 10 to 20 minutes.'],
  ['nutrition', 'Nutrition', 'Half-Plate Vegetables', 'Fill half of lunch and dinner plates with vegetables.'],
  ['supplements', 'Supplements', 'Food First Check', 'Before any supplement, look for foods that supply the same nutrient, and ask a pharmacist.'],
  ['cold-therapy', 'Cold Therapy', 'Cool Shower Finish', 'End a warm shower with 15 to 30 seconds of cool water.'],
  ['nootropics', 'Focus and Mental Clarity', 'Single-Tasking Blocks', 'Work on one task for 25 minutes with notifications silenced.'],
  ['fasting', 'Meal Timing', 'Kitchen Closes After Dinner', 'Finish dinner and skip evening snacks.'],
  ['glucose-monitoring', 'Blood Sugar Balance', 'Walk After Meals', 'Take a 10-minute walk after eating.'],
  ['vagus-nerve', 'Calm and Breath', 'Slow Exhale Breathing', 'Breathe in for 4 counts and out for 6 for five minutes.'],
  ['heat-therapy', 'Heat Therapy', 'Warm Bath Before Bed', 'Soak for 15 to 20 minutes in comfortably warm water.'],
].map(([id, title, name, howTo]) => ({
  id,
  title,
  description: 'Shown from the app while the full glossary cannot be loaded.',
  icon: '•',
  color: '',
  techniques: [{ name, description: howTo, howTo, benefits: [], difficulty: 'Beginner', timeRequired: 'Varies', tips: [], warnings: [] }],
}));

export default function BiohackGlossaryPage() {
  return (
    <PremiumOnly title="Biohack Glossary" className="glossary" marked>
      {() => <Glossary />}
    </PremiumOnly>
  );
}

function Glossary() {
  const list = useContentList<GlossaryCategory>('/api/biohack-categories');
  const [chosen, setChosen] = useState<string | null>(null);
  if (list.isPending) return <CardSkeleton label="Loading the glossary" count={3} />;
  const fallback = !list.data;
  const categories = list.data ?? FALLBACK;
  const category = categories.find((c) => c.id === chosen);
  if (category) return <CategoryView category={category} onBack={() => setChosen(null)} />;

  const techniques = categories.flatMap((c) => c.techniques);
  return (
    <>
      {fallback && (
        <p className="card notice" role="status">
          The full glossary couldn&apos;t be loaded, so a short list is shown.{' '}
          <button type="button" className="link-btn" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      )}
      <section className="stats" aria-label="Glossary in numbers">
        {[
          [categories.length, 'Categories'],
          [techniques.length, 'Techniques'],
          [techniques.filter((t) => t.difficulty === 'Beginner').length, 'Beginner-Friendly'],
          ['∞', 'Possibilities'],
        ].map(([value, label]) => (
          <div key={label} className="stat">
            <span className="stat-value">{value}</span>
            <span className="stat-label">{label}</span>
          </div>
        ))}
      </section>
      <ul className="plain-list category-list">
        {categories.map((c) => (
          <li key={c.id}>
            <button type="button" className="card category-card" onClick={() => setChosen(c.id)}>
              <span className="category-icon" aria-hidden="true">
                {c.icon}
              </span>
              <span>
                <strong>{c.title}</strong>
                <span className="meta"> · {c.techniques.length} techniques</span>
                <span className="category-description">{c.description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <Link className="btn btn-outline" to="/">
        Back to Home
      </Link>
    </>
  );
}

function CategoryView({ category, onBack }: { category: GlossaryCategory; onBack: () => void }) {
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={onBack}>
        ← All Categories
      </button>
      <h2 className="section-title">
        <span aria-hidden="true">{category.icon}</span> {category.title}
      </h2>
      <p>{category.description}</p>
      {category.techniques.map((t, i) => (
        <TechniqueCard key={t.name} technique={t} id={`${category.id}-${i}`} />
      ))}
    </>
  );
}

const TABS = [
  { id: 'how', label: 'How To' },
  { id: 'benefits', label: 'Benefits' },
  { id: 'tips', label: 'Tips' },
  { id: 'safety', label: 'Safety' },
] as const;

function TechniqueCard({ technique: t, id }: { technique: Technique; id: string }) {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('how');
  const list = (items: string[], fallback: string) => (
    <ul>
      {(items.length ? items : [fallback]).map((x) => (
        <li key={x}>{x}</li>
      ))}
    </ul>
  );
  return (
    <article className="card technique" aria-labelledby={`tech-${id}`}>
      <h3 id={`tech-${id}`}>{t.name}</h3>
      <p className="tags">
        <span className="tag">{t.difficulty}</span>
        <span className="tag">{t.timeRequired}</span>
      </p>
      <p>{t.description}</p>
      <Tabs name={`tech-${id}`} label={`${t.name} details`} tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'how' && (
          <>
            <p>{t.howTo}</p>
            {t.equipment && <p className="meta">Equipment: {t.equipment.join(', ')}</p>}
          </>
        )}
        {tab === 'benefits' && list(t.benefits, 'Benefits vary from person to person.')}
        {tab === 'tips' && list(t.tips, DEFAULT_TIP)}
        {tab === 'safety' && list(t.warnings, DEFAULT_SAFETY)}
      </Tabs>
    </article>
  );
}
