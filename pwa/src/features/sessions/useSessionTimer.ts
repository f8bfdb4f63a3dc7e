// A session's countdown as a page uses it. The rules (what Pause, Resume and
// Stop do, steps, progress, when it is done) are the core's timer; this hook
// keeps its state on the device (a reload mid-session carries on), asks the
// core again every second and whenever the page is shown, keeps the screen
// on while it runs and rings the bell at the end.

import { useCallback, useEffect, useRef, useState } from 'react';
import { storage } from '../../lib/storage';
import type { Stepped, Timer, TimerAction, Tools } from '../../wasm/tools';
import { bookChime, cancelChime, chimeNow } from './chime';
import { keepScreenOn } from './wakeLock';

const PREFIX = 'manna-timer:';

function saved(key: string, durationMs: number, steps: number): Timer | null {
  try {
    const timer = JSON.parse(storage.get(PREFIX + key) ?? 'null') as Timer | null;
    // A saved timer of another length (the session changed) is not this one.
    return timer && timer.durationMs === durationMs && timer.steps === steps ? timer : null;
  } catch {
    return null;
  }
}

/** One session's timer; a component showing another session is a new one
 *  (give it a `key`), since the saved state is read once, when it mounts.
 *  `onComplete` runs once, on the tick on which the time runs out. With
 *  `autostart`, a timer not already under way starts as the page opens. */
export function useSessionTimer(core: Pick<Tools, 'timerNew' | 'timerStep'>, key: string, durationMs: number, steps = 0, onComplete?: () => void, autostart = false) {
  const [opened] = useState(() => {
    const now = Date.now();
    const timer = saved(key, durationMs, steps) ?? core.timerNew(durationMs, steps);
    if (!autostart || timer.phase !== 'idle') return { stepped: core.timerStep(timer, 'tick', now), startedNow: false };
    // Kept only once this render is committed (below): a render React throws
    // away (a sibling suspending) must not leave a started timer behind, or
    // the next render would find it running and not say it started.
    return { stepped: core.timerStep(timer, 'start', now), startedNow: true };
  });
  const [state, setState] = useState<Stepped>(opened.stepped);
  const current = useRef(state.timer);
  useEffect(() => {
    if (!opened.startedNow) return;
    // A session started as the page opened: kept, and its bell booked.
    storage.set(PREFIX + key, JSON.stringify(opened.stepped.timer));
    bookChime(opened.stepped.view.remainingMs);
  }, [opened, key]);
  const completed = useRef(onComplete);
  useEffect(() => {
    completed.current = onComplete;
  });

  const act = useCallback(
    (action: TimerAction) => {
      const next = core.timerStep(current.current, action, Date.now());
      current.current = next.timer;
      if (next.timer.phase === 'idle') storage.remove(PREFIX + key);
      else storage.set(PREFIX + key, JSON.stringify(next.timer));
      if (action === 'start' || action === 'resume') bookChime(next.view.remainingMs);
      if (action === 'pause' || action === 'stop') cancelChime();
      if (next.view.justCompleted) {
        chimeNow();
        completed.current?.();
      }
      setState(next);
    },
    [core, key],
  );

  const running = state.view.phase === 'running';
  useEffect(() => {
    if (!running) return;
    keepScreenOn(true);
    const tick = () => act('tick');
    const every = window.setInterval(tick, 1000);
    const onShow = () => document.visibilityState === 'visible' && tick();
    document.addEventListener('visibilitychange', onShow);
    return () => {
      window.clearInterval(every);
      document.removeEventListener('visibilitychange', onShow);
      keepScreenOn(false);
    };
  }, [running, act]);

  return {
    view: state.view,
    /** Whether this page's opening started the timer (autostart). */
    autostarted: opened.startedNow,
    start: () => act('start'),
    pause: () => act('pause'),
    resume: () => act('resume'),
    stop: () => act('stop'),
  };
}

/** `mm:ss` of whole seconds. */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
