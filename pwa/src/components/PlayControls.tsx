// The one set of Start / Pause / Resume / Stop buttons: read-aloud and the
// session timers show the same controls in the same places.

import type { ReactNode } from 'react';

export type PlayState = 'idle' | 'playing' | 'paused';

export function PlayControls(props: {
  state: PlayState;
  /** What a group of controls is for, for screen readers ("Read aloud"). */
  label: string;
  /** The first button's words ("Listen", "Start"). */
  startLabel: string;
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  /** Shown after the controls (a Reset button). */
  children?: ReactNode;
}) {
  const { state } = props;
  return (
    <div className="row play-controls" role="group" aria-label={props.label}>
      {state === 'idle' && (
        <button type="button" className="btn btn-primary" onClick={props.onStart}>
          {props.startLabel}
        </button>
      )}
      {state === 'playing' && (
        <button type="button" className="btn" onClick={props.onPause}>
          Pause
        </button>
      )}
      {state === 'paused' && (
        <button type="button" className="btn btn-primary" onClick={props.onResume}>
          Resume
        </button>
      )}
      {state !== 'idle' && (
        <button type="button" className="btn" onClick={props.onStop}>
          Stop
        </button>
      )}
      {props.children}
    </div>
  );
}
