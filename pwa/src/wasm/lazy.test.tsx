// A page that reads a lazy module with `use()` and has hooks after it: React
// may replay it once the module arrives, in the middle of a render. This must
// neither throw nor leave an error React had to recover from (a crash the
// person sees as the refresh overlay).

import { startTransition, Suspense, use, useState } from 'react';
import { waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lazyModule } from './lazy';

type Flags = { IS_REACT_ACT_ENVIRONMENT?: boolean };

/** A module whose load settles within microtasks, as a compiled WebAssembly module often does. */
const quickModule = () => lazyModule(() => Promise.resolve({ default: () => Promise.resolve(), initSync: () => undefined }), () => ({ answer: 42 }));

async function renderInTransition(Page: () => React.ReactNode) {
  const recovered: unknown[] = [];
  const el = document.createElement('div');
  const root = createRoot(el, { onRecoverableError: (error) => recovered.push(error) });
  root.render(
    <Suspense fallback="loading">
      <p>before</p>
    </Suspense>,
  );
  startTransition(() =>
    root.render(
      <Suspense fallback="loading">
        <Page />
      </Suspense>,
    ),
  );
  // Real scheduling (not act): the replay happens between scheduler tasks.
  await waitFor(() => expect(el.textContent).toContain('42'), { timeout: 2000, interval: 5 });
  const text = el.textContent;
  root.unmount();
  return { text, recovered };
}

describe('reading a lazy module in a render', () => {
  let before: boolean | undefined;
  beforeEach(() => {
    before = (globalThis as Flags).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as Flags).IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    (globalThis as Flags).IS_REACT_ACT_ENVIRONMENT = before;
  });

  it('renders the page once the module is in, with no error React recovered from', async () => {
    const lazy = quickModule();
    function Page() {
      const mod = use(lazy.load());
      const [label] = useState('answer');
      return (
        <p>
          {label} {mod.answer}
        </p>
      );
    }
    const { text, recovered } = await renderInTransition(Page);
    expect(recovered).toEqual([]);
    expect(text).toBe('answer 42');
  });

  it('answers a loaded module at once, without suspending', async () => {
    const lazy = quickModule();
    await lazy.load();
    let suspended = false;
    function Page() {
      const promise = lazy.load();
      suspended = (promise as { status?: string }).status !== 'fulfilled';
      return <p>{use(promise).answer}</p>;
    }
    const { text, recovered } = await renderInTransition(Page);
    expect(suspended).toBe(false);
    expect(text).toBe('42');
    expect(recovered).toEqual([]);
  });
});
