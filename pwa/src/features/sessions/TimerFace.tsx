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
