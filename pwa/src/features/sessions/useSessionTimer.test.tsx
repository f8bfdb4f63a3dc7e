// A session opened with autostart: the page says it started (the "Started!"
// toast reads `autostarted`) even when React throws away the first render
// because something beside the timer was still loading.

import { readFileSync } from 'node:fs';
import { startTransition, Suspense, use, useEffect } from 'react';
import { waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { storage } from '../../lib/storage';
import { toolsFromBytes } from '../../wasm/tools';
import { useSessionTimer } from './useSessionTimer';

// Vitest runs in pwa/.
const tools = await toolsFromBytes(readFileSync('src/wasm/pkg/manna_tools_bg.wasm'));

function Session({ seen }: { seen: (autostarted: boolean, phase: string) => void }) {
  const timer = useSessionTimer(tools, 'routine:test', 60_000, 3, undefined, true);
  useEffect(() => {
    seen(timer.autostarted, timer.view.phase);
  });
  return <p>{timer.view.phase}</p>;
}

function Late({ ready }: { ready: Promise<string> }) {
  return <p>{use(ready)}</p>;
}

describe('a session started as its page opens', () => {
  it('says it started even when the first render was thrown away', async () => {
    storage.remove('manna-timer:routine:test');
    const seen: [boolean, string][] = [];
    let arrive!: (v: string) => void;
    const ready = new Promise<string>((resolve) => (arrive = resolve));
    // React waits on it (`then`) once a render reaches it and suspends.
    let waited = false;
    const then = ready.then.bind(ready);
    ready.then = ((...args: Parameters<typeof then>) => {
      waited = true;
      return then(...args);
    }) as typeof ready.then;
    const el = document.createElement('div');
    const root = createRoot(el);
    startTransition(() =>
      root.render(
        <Suspense fallback="loading">
          <Session seen={(a, p) => seen.push([a, p])} />
          <Late ready={ready} />
        </Suspense>,
      ),
    );
    // The render with the timer reached the part still loading: it cannot commit.
    await waitFor(() => expect(waited).toBe(true), { timeout: 2000, interval: 5 });
    expect(seen).toEqual([]);
    arrive('loaded');
    await waitFor(() => expect(el.textContent).toContain('loaded'), { timeout: 2000, interval: 5 });
    expect(seen[0]).toEqual([true, 'running']);
    // Kept on the device: a reload carries on without starting it again.
    expect(JSON.parse(storage.get('manna-timer:routine:test') ?? 'null')).toMatchObject({ phase: 'running' });
    root.unmount();
    storage.remove('manna-timer:routine:test');
  });
});
