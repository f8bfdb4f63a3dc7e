// /meditation and /prayer-sessions: session cards with a preview of the script
// (300 and 400 characters), an unlock prompt on premium sessions for
// non-members, and a timer panel for the chosen session with read-aloud of its
// script. The chosen session and its timer survive a reload; both lists are
// saved on the device with the coming days.

import { use, useState } from 'react';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PlayControls } from '../../components/PlayControls';
import { useReadAloud } from '../../components/useReadAloud';
import { ListNotSavedOffline, useContentList } from '../../content/useContentList';
import { usePremium } from '../../entitlement/usePremium';
import type { MeditationSession, PrayerSession } from '../../generated/content';
import { storage } from '../../lib/storage';
import { loadCore, todayIn, type Core } from '../../wasm/core';
import { loadTools } from '../../wasm/tools';
import { markDoneSoon, type Practice } from '../progress';
import { TimerFace, playState } from './TimerFace';
import { useSessionTimer } from './useSessionTimer';
import { WorshipPicker } from './WorshipPicker';

type Session = MeditationSession | (PrayerSession & { prayerType: string });

interface Kind {
  name: 'meditation' | 'prayer';
  title: string;
  list: string;
  loading: string;
  empty: string;
  preview: number;
  worship: boolean;
}

const KINDS: Record<Kind['name'], Kind> = {
  meditation: {
    name: 'meditation',
    title: 'Meditation and Prayer',
    list: '/api/meditation-sessions',
    loading: 'Loading meditation sessions...',
    empty: 'No meditation sessions available',
    preview: 300,
    worship: true,
  },
  prayer: {
    name: 'prayer',
    title: 'Prayer Sessions',
    list: '/api/prayer-sessions',
    loading: 'Loading prayer sessions...',
    empty: 'No prayer sessions available',
    preview: 400,
    worship: false,
  },
};

/** The first `n` characters, cut at a word, with an ellipsis when cut. */
export function preview(text: string, n: number): string {
  if (text.length <= n) return text;
  const cut = text.slice(0, n);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trimEnd()}…`;
}

export default function SessionsPage({ kind }: { kind: Kind['name'] }) {
  return <Sessions core={use(loadCore())} kind={KINDS[kind]} />;
}

function Sessions({ core, kind }: { core: Core; kind: Kind }) {
  const sessions = useContentList<Session>(kind.list);
  const { premium } = usePremium();
  const chosenKey = `manna-session:${kind.name}`;
  const [chosenId, setChosenId] = useState(() => storage.get(chosenKey));
  const chosen = sessions.data?.find((s) => s.id === chosenId && s.scriptContent);

  function choose(id: string | null) {
    if (id) storage.set(chosenKey, id);
    else storage.remove(chosenKey);
    setChosenId(id);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  let list;
  if (sessions.isPending) {
    list = (
      <p role="status" className="meta">
        {kind.loading}
      </p>
    );
  } else if (!sessions.data?.length) {
    list = (
      <div className="card empty" role="status">
        <p>{kind.empty}</p>
        {sessions.error instanceof ListNotSavedOffline && (
          <p className="muted small">You are offline, and the sessions are not saved on this device yet.</p>
        )}
      </div>
    );
  } else {
    list = (
      <ul className="plain-list stack">
        {sessions.data.map((s) => (
          <li key={s.id} className={`card session-card${s.isPremium === 1 ? ' card-premium' : ''}`}>
            {s.isPremium === 1 && <span className="premium-pill">Premium</span>}
            <p className="eyebrow">
              {s.category} · {s.duration} min
            </p>
            <h3>{s.title}</h3>
            <p className="session-description">{s.description}</p>
            <p className="verse-line">
              &ldquo;{s.bibleVerse}&rdquo; <span className="reference">{s.verseReference}</span>
            </p>
            {s.scriptContent ? (
              <>
                <p className="session-preview">{preview(s.scriptContent, kind.preview)}</p>
                <button type="button" className="btn btn-primary" onClick={() => choose(s.id)} aria-label={`Begin ${s.title}`}>
                  Begin
                </button>
              </>
            ) : (
              <div className="unlock">
                <p>{premium.isPremium ? 'Updating this session…' : 'This session is part of Premium.'}</p>
                {!premium.isPremium && (
                  <Link className="btn btn-gold" to="/subscribe">
                    Unlock with Premium
                  </Link>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title={kind.title} />
      <main className="page sessions">
        {chosen ? (
          <TimerPanel key={chosen.id} core={core} session={chosen} practice={kind.name === 'prayer' ? 'prayer' : 'meditation'} onClose={() => choose(null)} />
        ) : (
          <p className="meta">Choose a session below to begin.</p>
        )}
        {chosen && kind.worship && <WorshipPicker />}
        <section aria-labelledby="sessions-title">
          <h2 id="sessions-title" className="section-title">
            Sessions
          </h2>
          {list}
        </section>
        {!chosen && kind.worship && <WorshipPicker />}
      </main>
    </>
  );
}

function TimerPanel({ core, session, practice, onClose }: { core: Core; session: Session; practice: Practice; onClose: () => void }) {
  const tools = use(loadTools());
  const timer = useSessionTimer(tools, `session:${session.id}`, session.duration * 60_000, 0, () => markDoneSoon(practice, todayIn(core)));
  const speech = useReadAloud();
  const { view } = timer;
  const script = session.scriptContent ?? '';
  return (
    <section className="card timer-panel" aria-labelledby="timer-title">
      <p className="eyebrow">Now</p>
      <h2 id="timer-title">{session.title}</h2>
      {view.phase === 'done' ? (
        <p role="status" className="complete-note">
          Session complete. Amen.
        </p>
      ) : (
        <TimerFace view={view} label="Session progress" />
      )}
      <PlayControls
        label="Timer"
        startLabel={view.phase === 'done' ? 'Start Again' : 'Start'}
        state={playState(view)}
        onStart={view.phase === 'done' ? () => (timer.stop(), timer.start()) : timer.start}
        onPause={timer.pause}
        onResume={timer.resume}
        onStop={timer.stop}
      />
      <details className="script">
        <summary>Read the guide</summary>
        <p>{script}</p>
      </details>
      <PlayControls
        label="Read aloud"
        startLabel="Listen"
        state={speech.state === 'speaking' ? 'playing' : speech.state}
        onStart={() => speech.listen(`${session.title}. ${session.bibleVerse} ${session.verseReference}. ${script}`)}
        onPause={speech.pause}
        onResume={speech.resume}
        onStop={speech.stop}
      />
      <button type="button" className="link-btn" onClick={onClose}>
        Choose another session
      </button>
    </section>
  );
}
