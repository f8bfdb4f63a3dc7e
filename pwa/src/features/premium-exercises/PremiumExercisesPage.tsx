// /premium-exercises: level cards with routine counts, a level filter, Today's
// Premium Workouts, the tiered program and All Routines for members; the
// 'Premium Routine Preview' for everyone else. `?workout={id}` opens that
// routine's guided session and `&autostart=true` starts it at once. The
// session runs on the core's timer (steps: warm-up, each main exercise,
// cool-down) and a finished one ticks today's exercise.

import { use, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { useSearchParams } from '../../lib/searchParams';
import { CardSkeleton } from '../../components/CardSkeleton';
import { ListUnavailable } from '../../components/ListUnavailable';
import { PlayControls } from '../../components/PlayControls';
import { toast } from '../../components/toast';
import { ListNotSavedOffline, useContentList } from '../../content/useContentList';
import type { Difficulty, PremiumRoutine } from '../../generated/content';
import { loadCore, todayIn, type Core } from '../../wasm/core';
import { loadTools } from '../../wasm/tools';
import { markDoneSoon } from '../progress';
import { TimerFace, TimerSteps, playState, useSessionTimer } from '../sessions';
import { PremiumOnly } from '../upgrade';

type Dated = PremiumRoutine & { date: string };
type Level = Difficulty | 'all';

const LEVELS: { id: Level; label: string }[] = [
  { id: 'all', label: 'All Levels' },
  { id: 'beginner', label: 'Beginner' },
  { id: 'intermediate', label: 'Intermediate' },
  { id: 'advanced', label: 'Advanced' },
];

const LEVEL_NOTES: Record<Difficulty, string> = {
  beginner: 'Foundations: gentle strength, balance and mobility.',
  intermediate: 'Building: circuits, intervals and heavier work.',
  advanced: 'Challenge: power, endurance and heavy strength.',
};

export default function PremiumExercisesPage() {
  const core = use(loadCore());
  return (
    <PremiumOnly title="Premium Exercises" className="premium-exercises" preview={<Preview />}>
      {() => <Routines core={core} />}
    </PremiumOnly>
  );
}

function Routines({ core }: { core: Core }) {
  const today = todayIn(core);
  const [params, setParams] = useSearchParams();
  const all = useContentList<Dated>(`/api/premium-exercises?date=${today}`);
  const todays = useContentList<Dated>(`/api/premium-exercises/today?date=${today}`);
  const [level, setLevel] = useState<Level>('all');
  const wanted = params.get('workout');
  const session = useRef<HTMLElement>(null);

  if (all.isPending) return <CardSkeleton label="Loading premium routines" count={3} />;
  if (!all.data) {
    return (
      <ListUnavailable
        what="the premium routines"
        offline={all.error instanceof ListNotSavedOffline}
        failed={all.isError}
        onRetry={() => void all.refetch()}
      />
    );
  }
  const routines = all.data;
  const chosen = wanted ? routines.find((r) => r.id === wanted) : undefined;
  const open = (id: string) => {
    setParams({ workout: id });
    requestAnimationFrame(() => session.current?.scrollIntoView({ block: 'start' }));
  };
  const shown = (list: Dated[]) => (level === 'all' ? list : list.filter((r) => r.difficultyLevel === level));
  const levelName = LEVELS.find((l) => l.id === level)?.label.toLowerCase();

  return (
    <>
      {wanted && !chosen && (
        <section className="card" role="alert">
          <p>We couldn&apos;t find that workout. Choose one of the routines below.</p>
        </section>
      )}
      {chosen && (
        <section ref={session} aria-label="Guided workout">
          <GuidedWorkout
            key={chosen.id}
            core={core}
            routine={chosen}
            autostart={params.get('autostart') === 'true'}
            onStarted={() => setParams({ workout: chosen.id }, { replace: true })}
          />
        </section>
      )}

      <section aria-labelledby="levels-title">
        <h2 id="levels-title" className="section-title">
          Levels
        </h2>
        <div className="level-cards">
          {LEVELS.slice(1).map((l) => (
            <button
              type="button"
              key={l.id}
              className={`card level-card${level === l.id ? ' selected' : ''}`}
              aria-pressed={level === l.id}
              onClick={() => setLevel(level === l.id ? 'all' : l.id)}
            >
              <strong>{l.label}</strong>
              <span className="meta">
                {routines.filter((r) => r.difficultyLevel === l.id).length} routines
              </span>
            </button>
          ))}
        </div>
        <label className="field level-filter">
          <span>Level</span>
          <select value={level} onChange={(e) => setLevel(e.target.value as Level)}>
            {LEVELS.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
      </section>

      <section aria-labelledby="today-title">
        <h2 id="today-title" className="section-title">
          Today&apos;s Premium Workouts
        </h2>
        {todays.isPending ? (
          <CardSkeleton label="Loading today's workouts" />
        ) : shown(todays.data ?? []).length === 0 ? (
          <p className="card empty">
            {todays.data && level !== 'all' ? `No ${levelName} routines available` : 'No premium routines available for today'}
          </p>
        ) : (
          shown(todays.data ?? []).map((r) => <RoutineCard key={r.id} routine={r} onOpen={open} />)
        )}
      </section>

      <section className="card" aria-labelledby="program-title">
        <h2 id="program-title" className="card-title">
          Your Tiered Exercise Program
        </h2>
        <ol className="plain-list">
          {LEVELS.slice(1).map((l, i) => (
            <li key={l.id}>
              <strong>
                Weeks {i * 4 + 1}–{i * 4 + 4}: {l.label}.
              </strong>{' '}
              {LEVEL_NOTES[l.id as Difficulty]}
            </li>
          ))}
        </ol>
        <p className="meta">Move up a level when the routines feel comfortable for two weeks in a row.</p>
      </section>

      <section aria-labelledby="all-title">
        <h2 id="all-title" className="section-title">
          All Routines
        </h2>
        {shown(routines).length === 0 ? (
          <p className="card empty">{`No ${levelName} routines available`}</p>
        ) : (
          shown(routines).map((r) => <RoutineCard key={r.id} routine={r} onOpen={open} />)
        )}
      </section>
    </>
  );
}

function RoutineCard({ routine, onOpen }: { routine: Dated; onOpen: (id: string) => void }) {
  return (
    <article className="card routine" aria-labelledby={`routine-${routine.id}`}>
      <h3 id={`routine-${routine.id}`}>{routine.title}</h3>
      <p className="tags">
        <span className="tag capitalize">{routine.difficultyLevel}</span>
        <span className="tag">{routine.duration}</span>
      </p>
      <p>{routine.description}</p>
      <p className="meta">
        Equipment: {routine.equipment.join(', ')} · Works: {routine.targetMuscles.join(', ')}
      </p>
      <button type="button" className="btn btn-primary" onClick={() => onOpen(routine.id)}>
        Start Workout<span className="sr-only">: {routine.title}</span>
      </button>
    </article>
  );
}

/** The steps of the guided session: the warm-up, each main exercise, the cool-down. */
function stepsOf(r: PremiumRoutine): string[] {
  return [
    `Warm-up: ${r.warmupExercises.join('; ')}`,
    ...r.mainExercises.map((e) => `${e.name}: ${e.sets} × ${e.reps}${e.duration ? ` (${e.duration})` : ''}`),
    `Cool-down: ${r.cooldownExercises.join('; ')}`,
  ];
}

function GuidedWorkout(props: { core: Core; routine: Dated; autostart: boolean; onStarted: () => void }) {
  const { core, routine, autostart, onStarted } = props;
  const navigate = useNavigate();
  const steps = stepsOf(routine);
  const durationMs = routine.durationMinutes * 60_000;
  const tools = use(loadTools());
  const timer = useSessionTimer(
    tools,
    `routine:${routine.id}`,
    durationMs,
    steps.length,
    () => markDoneSoon('exercise', todayIn(core)),
    autostart,
  );
  const { view } = timer;
  const [stoppedAfter, setStoppedAfter] = useState<number | null>(null);
  const active = view.phase === 'running' || view.phase === 'paused';
  const started = () =>
    toast({ title: 'Workout Started!', description: `${routine.title}: ${routine.duration}. Follow the steps below.` });
  const start = () => {
    setStoppedAfter(null);
    timer.start();
    started();
  };
  useEffect(() => {
    if (!autostart) return;
    if (timer.autostarted) started();
    // Started once: the address loses `autostart`, so a reload does not start it again.
    onStarted();
    // Once, as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const stop = () => {
    setStoppedAfter(Math.round((durationMs - view.remainingMs) / 1000));
    timer.stop();
  };

  return (
    <article className="card timer-panel routine-session" aria-labelledby="session-title">
      <p className="eyebrow">Guided workout</p>
      <h2 id="session-title">{routine.title}</h2>
      <p className="meta">
        <span className="capitalize">{routine.difficultyLevel}</span> · {routine.duration} · {routine.restPeriods}
      </p>
      <p className="spiritual-focus">
        <strong>Spiritual focus:</strong> {routine.spiritualFocus}
      </p>
      {view.phase === 'done' ? (
        <div className="complete" role="status">
          <h3>Workout Complete!</h3>
          <p>Well done. Today&apos;s exercise is marked as done on every device you use.</p>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => void navigate('/premium-dashboard?tab=physical')}>
              See My Progress
            </button>
            <button type="button" className="btn btn-outline" onClick={timer.stop}>
              Do It Again
            </button>
          </div>
        </div>
      ) : (
        <>
          <TimerFace view={view} label="Workout progress" />
          <PlayControls
            label="Workout"
            startLabel="Start Workout"
            state={playState(view)}
            onStart={start}
            onPause={timer.pause}
            onResume={timer.resume}
            onStop={stop}
          />
          {stoppedAfter !== null && !active && (
            <p role="status">
              You completed the workout in {Math.floor(stoppedAfter / 60)}m {stoppedAfter % 60}s
            </p>
          )}
        </>
      )}
      <TimerSteps steps={steps} view={view} allDone={view.phase === 'done'} />
      <details>
        <summary>How to do each exercise</summary>
        {routine.mainExercises.map((e) => (
          <div key={e.name} className="exercise-how">
            <h3>{e.name}</h3>
            <ol>
              {e.instructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ol>
            {e.modifications && <p className="meta">Easier: {e.modifications.join(' ')}</p>}
          </div>
        ))}
        <h3>Tips</h3>
        <ul>
          {routine.tips.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <p>
          <strong>Benefits:</strong> {routine.benefits}
        </p>
      </details>
    </article>
  );
}

/** What people without premium see: one routine described, no routine content. */
function Preview() {
  return (
    <section className="card premium-required" aria-labelledby="preview-title">
      <h2 id="preview-title">Premium Routine Preview</h2>
      <h3>Faithful Fitness Circuit</h3>
      <p className="tags">
        <span className="tag">Intermediate</span>
        <span className="tag">20-25 minutes</span>
      </p>
      <p>
        A full-body circuit of five moves repeated three times, with a verse for each round. Members get routines across three
        levels, each with a guided timer, a warm-up, a cool-down and a spiritual focus.
      </p>
      <div className="row-actions">
        <Link className="btn btn-outline" to="/exercise-timer">
          Try Sample Workout
        </Link>
        <Link className="btn btn-gold" to="/subscribe">
          Upgrade to Access Full Workouts
        </Link>
      </div>
    </section>
  );
}
