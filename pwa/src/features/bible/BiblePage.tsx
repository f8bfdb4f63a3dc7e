// /bible, the Bible Study Center: today's reading studied in four tabs. Study
// (the passage, key words with their Strong's entries, related passages from
// Nave's Topical Bible), Context and Application (written for each reading),
// Resources (lexicon, parallel translations and commentary dialogs, and
// questions for a group), and the way to the whole Bible (the reader). The
// reading comes with the day's content and the studies are one saved list, so
// the page works offline after one visit.

import { use, useState, type ReactNode } from 'react';
import { Link } from '../../lib/router';
import { CardSkeleton } from '../../components/CardSkeleton';
import { Dialog } from '../../components/Dialog';
import { ListUnavailable } from '../../components/ListUnavailable';
import { PageHeader } from '../../components/PageHeader';
import { Tabs } from '../../components/Tabs';
import type { DayContent } from '../../content/types';
import { readPath } from '../../lib/readPath';
import { ListNotSavedOffline, studyPath, useContentList } from '../../content/useContentList';
import { NotSavedOffline, useDaily } from '../../content/useDaily';
import type { BibleStudy, WordStudy } from '../../generated/content';
import { loadCore, todayIn } from '../../wasm/core';
import { dayLabel } from '../../lib/dates';

type TodaysReading = NonNullable<DayContent['bibleReading']>;

const TABS = [
  { id: 'study', label: 'Study' },
  { id: 'context', label: 'Context' },
  { id: 'application', label: 'Application' },
  { id: 'resources', label: 'Resources' },
] as const;
type TabId = (typeof TABS)[number]['id'];
type DialogId = 'lexicon' | 'parallel' | 'commentary';

const dateLabel = (iso: string) => dayLabel(iso, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

/** Hebrew words read right to left; the language tag lets a screen reader say them. */
const original = (w: WordStudy) =>
  w.strongs.startsWith('H') ? <span lang="he" dir="rtl">{w.lemma}</span> : <span lang="grc">{w.lemma}</span>;

export default function BiblePage() {
  const core = use(loadCore());
  const today = todayIn(core);
  const reading = useDaily('bibleReading', today);
  const studies = useContentList<BibleStudy>(studyPath(reading.data?.id ?? ''), Boolean(reading.data));
  const [tab, setTab] = useState<TabId>('study');
  const [dialog, setDialog] = useState<DialogId | null>(null);

  const settled = !reading.isPending && !(reading.data && studies.isPending);

  let body;
  if (reading.isPending) {
    body = <CardSkeleton label="Loading today's reading" count={2} />;
  } else if (!reading.data) {
    body = (
      <section className="card empty" role="status">
        <p>
          {reading.error instanceof NotSavedOffline
            ? "You are offline, and today's reading is not saved on this device yet. Open Manna once with a connection."
            : reading.error
              ? "Today's reading couldn't be loaded."
              : 'No Bible reading is available for today yet.'}
        </p>
        {reading.error && (
          <button type="button" className="btn btn-outline" onClick={() => void reading.refetch()}>
            Try again
          </button>
        )}
      </section>
    );
  } else {
    const r = reading.data;
    const study = studies.data?.find((s) => s.readingId === r.id);
    const missing = studies.isPending ? (
      <CardSkeleton label="Loading the study" count={1} />
    ) : (
      <ListUnavailable
        what="the studies"
        offline={studies.error instanceof ListNotSavedOffline}
        failed={studies.isError}
        emptyText="There is no study for this reading yet."
        onRetry={() => void studies.refetch()}
      />
    );
    body = (
      <Tabs name="bible" label="Bible study" tabs={TABS} selected={tab} onSelect={setTab}>
        {tab === 'study' && <StudyTab reading={r} study={study} missing={missing} />}
        {tab !== 'study' && !study && missing}
        {tab === 'context' && study && (
          <section className="card">
            <h2 className="section-title">The setting of {r.reference}</h2>
            <p>{study.context}</p>
            <h3>Matthew Henry on {study.commentary.section}</h3>
            <p className="muted">{excerpt(study.commentary.text)}</p>
            <button type="button" className="btn btn-outline" onClick={() => setDialog('commentary')}>
              Read the commentary
            </button>
          </section>
        )}
        {tab === 'application' && study && (
          <section className="card">
            <h2 className="section-title">Living it out</h2>
            <p>{study.application}</p>
            {r.prayer && (
              <div className="prayer">
                <h3>Prayer</h3>
                <p>{r.prayer}</p>
              </div>
            )}
            <p className="inline-links">
              <Link to="/prayer-sessions">Pray with a guided session</Link>
              <Link to="/meditation">Meditate on it</Link>
            </p>
          </section>
        )}
        {tab === 'resources' && study && (
          <>
            <section className="card" aria-labelledby="tools-title">
              <h2 id="tools-title" className="section-title">
                Study tools
              </h2>
              <div className="resource-buttons">
                <button type="button" className="btn btn-outline" onClick={() => setDialog('lexicon')}>
                  Lexicon
                </button>
                <button type="button" className="btn btn-outline" onClick={() => setDialog('parallel')}>
                  Parallel Translations
                </button>
                <button type="button" className="btn btn-outline" onClick={() => setDialog('commentary')}>
                  Commentary
                </button>
              </div>
            </section>
            <section className="card" aria-labelledby="group-title">
              <h2 id="group-title" className="section-title">
                Group Discussion
              </h2>
              <p className="muted small">For a small group, a family or a friend reading {r.reference} together.</p>
              <ol className="steps">
                {study.discussion.map((q) => (
                  <li key={q}>{q}</li>
                ))}
              </ol>
            </section>
          </>
        )}
        {study && (
          <StudyDialogs study={study} open={dialog} onClose={() => setDialog(null)} />
        )}
      </Tabs>
    );
  }

  return (
    <>
      <PageHeader title="Bible Study Center" />
      <main className="page bible">
        <p className="meta">
          <time dateTime={today}>{dateLabel(today)}</time>
        </p>
        {body}
        {/* Below the study, once it is in: under its placeholder they would
            jump down the page when it comes. */}
        {settled && (
          <>
            <p className="small muted">
              Word studies from Strong&apos;s Hebrew and Greek dictionaries; the King James Version and the World English
              Bible; Matthew Henry&apos;s Concise Commentary; cross references from Nave&apos;s Topical Bible. All are in
              the public domain.
            </p>
            <div className="row-actions">
              <Link className="btn btn-primary" to="/read">
                Open the Bible Reader
              </Link>
              <Link className="btn btn-outline" to="/">
                Back to Home
              </Link>
            </div>
          </>
        )}
      </main>
    </>
  );
}

/** The commentary's opening, cut at a word. */
function excerpt(text: string, length = 280): string {
  if (text.length <= length) return text;
  return `${text.slice(0, text.lastIndexOf(' ', length))}…`;
}

function StudyTab({ reading, study, missing }: { reading: TodaysReading; study?: BibleStudy; missing: ReactNode }) {
  const p = reading.passage;
  return (
    <>
      <section className="card">
        <p className="reference">{reading.reference}</p>
        <blockquote className="verse">{reading.verse}</blockquote>
        {p && (
          <p className="inline-links">
            <Link to={readPath('kjv', p.osis, p.chapter, p.from)}>Read the whole chapter</Link>
            <Link to={`${readPath('kjv', p.osis, p.chapter, p.from).replace('#', '?with=web#')}`}>KJV and WEB side by side</Link>
          </p>
        )}
      </section>
      {study ? (
        <>
          <section className="card" aria-labelledby="words-title">
            <h2 id="words-title" className="section-title">
              Word Study
            </h2>
            <ul className="plain-list word-list">
              {study.wordStudies.map((w) => (
                <li key={w.strongs}>
                  <p>
                    <strong>{w.word}</strong> · {original(w)} <em>{w.transliteration}</em>{' '}
                    <span className="meta">(Strong&apos;s {w.strongs})</span>
                  </p>
                  <p className="small">{w.definition}</p>
                </li>
              ))}
            </ul>
          </section>
          <section className="card" aria-labelledby="refs-title">
            <h2 id="refs-title" className="section-title">
              Cross References
            </h2>
            {study.crossReferences.map((g) => (
              <div key={`${g.topic}-${g.under}`} className="topic-group">
                <h3 className="eyebrow">
                  Nave&apos;s: {g.topic} · {g.under}
                </h3>
                <ul className="plain-list passages">
                  {g.passages.map((p) => (
                    <li key={p.reference}>
                      <strong className="reference">{p.reference}</strong> <span className="verse-line">{p.text}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </section>
        </>
      ) : (
        missing
      )}
    </>
  );
}

function StudyDialogs({ study, open, onClose }: { study: BibleStudy; open: DialogId | null; onClose: () => void }) {
  return (
    <>
      <Dialog id="lexicon" title="Lexicon" open={open === 'lexicon'} onClose={onClose}>
        <p className="muted small">Strong&apos;s dictionary entries for key words of {study.reference}.</p>
        {study.wordStudies.map((w) => (
          <section key={w.strongs} className="lexicon-entry">
            <h3>
              {w.word} · {original(w)}
            </h3>
            <p className="meta">
              Strong&apos;s {w.strongs} · {w.transliteration} · pronounced {w.pronunciation}
            </p>
            <p>{w.definition}</p>
            <p className="small">
              <strong>In the KJV:</strong> {w.kjvUsage}
            </p>
          </section>
        ))}
      </Dialog>
      <Dialog id="parallel" title="Parallel Translations" open={open === 'parallel'} onClose={onClose}>
        <p className="reference">{study.reference}</p>
        <div className="parallel">
          <section>
            <h3>King James Version</h3>
            <p className="verse-line">{study.parallel.kjv}</p>
          </section>
          <section>
            <h3>World English Bible</h3>
            <p className="verse-line">{study.parallel.web}</p>
          </section>
        </div>
      </Dialog>
      <Dialog id="commentary" title="Commentary" open={open === 'commentary'} onClose={onClose}>
        <p className="meta">Matthew Henry&apos;s Concise Commentary on {study.commentary.section}</p>
        <p className="commentary-text">{study.commentary.text}</p>
      </Dialog>
    </>
  );
}
