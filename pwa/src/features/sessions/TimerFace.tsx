// What a running session shows: the time left, large, and how far along it is.
// Also the play state PlayControls takes.

import type { PlayState } from '../../components/PlayControls';
import type { TimerView } from '../../generated/core';
import { clock } from './useSessionTimer';

export function TimerFace({ view, label }: { view: TimerView; label: string }) {
  return (
    <>
      <p className="countdown" role="timer" aria-label={`${clock(view.remainingSeconds)} left`}>
        {clock(view.remainingSeconds)}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(view.progressPercent)}
      >
        <div className="progress-fill" style={{ width: `${view.progressPercent}%` }} />
      </div>
    </>
  );
}

export const playState = (view: TimerView): PlayState =>
  view.phase === 'running' ? 'playing' : view.phase === 'paused' ? 'paused' : 'idle';

/** A session's steps, ticked as the timer passes them; the current one marked. */
export function TimerSteps({ steps, view, allDone = false }: { steps: readonly string[]; view: TimerView; allDone?: boolean }) {
  const active = view.phase === 'running' || view.phase === 'paused';
  return (
    <ol className="timer-steps">
      {steps.map((step, i) => {
        const done = allDone || i < view.completedSteps;
        const current = active && i === view.step;
        return (
          <li key={step} className={done ? 'done' : current ? 'current' : undefined} aria-current={current ? 'step' : undefined}>
            <span className="step-mark" aria-hidden="true">
              {done ? '✓' : i + 1}
            </span>
            <span>
              {step}
              {done && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
