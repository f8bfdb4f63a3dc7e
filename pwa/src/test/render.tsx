// Test helpers: render inside the providers the app uses, and a fetch stub.

import { QueryClientProvider } from '../lib/query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from '../lib/router';
import { Toaster } from '../components/toast';
import { vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';

/** Renders `ui` with the app's providers. With `at` (a path and query), `ui` is
 *  the page at that address and any other address shows "at: <path?query>". */
export function renderWithProviders(ui: ReactElement, at?: string) {
  const page = at ? (
    <Routes>
      <Route path={new URL(at, 'http://x').pathname} element={ui} />
      <Route path="*" element={<Elsewhere />} />
    </Routes>
  ) : (
    ui
  );
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <Toaster>
        <MemoryRouter initialEntries={[at ?? '/']}>{page}</MemoryRouter>
      </Toaster>
    </QueryClientProvider>,
  );
}

function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p>at: {pathname + search}</p>;
}

/** Answers each request with `answer(url)`: a JSON value, an Error to reject, or a pending promise. */
export function stubFetch(answer: (url: string) => unknown) {
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const result = answer(String(input));
    if (result instanceof Promise) return result as Promise<Response>;
    if (result instanceof Error) throw result;
    return new Response(JSON.stringify(result), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}
