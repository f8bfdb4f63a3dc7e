// /exercise-timer: today's exercise (or `?id=`) with its details, a countdown
// from the first number of its duration text (10 minutes without one), the
// steps advancing evenly with check marks, and 'Exercise Complete!' at the end.

import { use } from 'react';
import { Link } from '../../lib/router';
import { useSearchParams } from '../../lib/searchParams';
import { CardSkeleton } from '../../components/CardSkeleton';
import { PageHeader } from '../../components/PageHeader';
import { PlayControls } from '../../components/PlayControls';
import { useContentList } from '../../content/useContentList';
import { useDaily } from '../../content/useDaily';
import type { ExerciseSuggestion } from '../../generated/content';
import { loadCore, todayIn, type Core } from '../../wasm/core';
import { loadTools } from '../../wasm/tools';
import { markDoneSoon } from '../progress';
import { TimerFace, TimerSteps, playState } from './TimerFace';
import { useSessionTimer } from './useSessionTimer';

const DEFAULT_MINUTES = 10;

export default function ExerciseTimerPage() {
  return <ExerciseTimer core={use(loadCore())} />;
}

function ExerciseTimer({ core }: { core: Core }) {
  const [params] = useSearchParams();
  const wanted = params.get('id');
  const today = useDaily('exerciseSuggestion', todayIn(core));
  const other = useContentList<ExerciseSuggestion>(
    '/api/exercise-suggestions?limit=366',
    wanted !== null && !today.isPending && today.data?.id !== wanted,
  );

  let body;
  if (wanted === null || today.data?.id === wanted) {
    if (today.isPending) body = <Loading />;
    else if (!today.data) body = <Missing text="No exercise is available for today yet." />;
    else body = <Session key={today.data.id} core={core} exercise={today.data} />;
  } else if (today.isPending || other.isPending) {
    body = <Loading />;
  } else {
    const found = other.data?.find((e) => e.id === wanted);
    body = found ? (
      <Session key={found.id} core={core} exercise={found} />
    ) : (
      <Missing
        text={
          other.isError
            ? "This exercise isn't saved on this device, and the server can't be reached."
            : "We couldn't find that exercise."
        }
        offerToday
      />
    );
  }
  return (
    <>
      <PageHeader title="Exercise Timer" />
      <main className="page exercise-timer">{body}</main>
    </>
  );
}

function Loading() {
  return <CardSkeleton label="Loading the exercise" />;
}

function Missing({ text, offerToday = false }: { text: string; offerToday?: boolean }) {
  return (
    <section className="card" role="status">
      <p>{text}</p>
      <div className="row">
        {offerToday && (
          <Link className="btn btn-primary" to="/exercise-timer">
            Today&apos;s Exercise
          </Link>
        )}
        <Link className="btn btn-outline" to="/">
          Back to Home
        </Link>
      </div>
    </section>
  );
}

function Session({ core, exercise }: { core: Core; exercise: ExerciseSuggestion }) {
  const steps = exercise.instructions ?? [];
  const tools = use(loadTools());
  const minutes = tools.minutesFromText(exercise.duration, DEFAULT_MINUTES);
  const timer = useSessionTimer(tools, `exercise:${exercise.id}`, minutes * 60_000, steps.length, () => markDoneSoon('exercise', todayIn(core)));
  const { view } = timer;
  const active = view.phase === 'running' || view.phase === 'paused';

  if (view.phase === 'done') {
    return (
      <section className="card complete" role="status">
        <h2>Exercise Complete!</h2>
        <p>
          Well done: {exercise.title}, {minutes} minutes. &ldquo;I can do all things through Christ which strengtheneth
          me.&rdquo; (Philippians 4:13)
        </p>
        <div className="row">
          <Link className="btn btn-primary" to="/">
            Return Home
          </Link>
          <button type="button" className="btn btn-outline" onClick={timer.stop}>
            Do It Again
          </button>
        </div>
      </section>
    );
  }

  return (
    <>
      <section className="card" aria-labelledby="exercise-title">
        <h2 id="exercise-title">{exercise.title}</h2>
        <p>{exercise.description}</p>
        <dl className="facts">
          <div>
            <dt>Duration</dt>
            <dd>{exercise.duration}</dd>
          </div>
          <div>
            <dt>Difficulty</dt>
            <dd className="capitalize">{exercise.difficulty}</dd>
          </div>
          <div>
            <dt>Category</dt>
            <dd>{exercise.category}</dd>
          </div>
        </dl>
        <p>
          <strong>Benefits:</strong> {exercise.benefits}
        </p>
        <p className="spiritual-focus">
          <strong>Spiritual focus:</strong> {exercise.spiritualComponent}
        </p>
      </section>

      <section className="card timer-panel" aria-label="Timer">
        <TimerFace view={view} label="Exercise progress" />
        <PlayControls
          label="Timer"
          startLabel="Start"
          state={playState(view)}
          onStart={timer.start}
          onPause={timer.pause}
          onResume={timer.resume}
          onStop={timer.stop}
        >
          <button type="button" className="btn btn-outline" disabled={active} onClick={timer.stop}>
            Reset
          </button>
        </PlayControls>
        {view.phase === 'paused' && <p className="meta">Paused. Resume when you are ready.</p>}
      </section>

      {steps.length > 0 && (
        <section className="card" aria-labelledby="steps-title">
          <h2 id="steps-title">Steps</h2>
          <TimerSteps steps={steps} view={view} />
        </section>
      )}
    </>
  );
}
