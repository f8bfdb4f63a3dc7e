// Test helpers: render inside the providers the app uses, and a fetch stub.

import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../api/queryClient';

export function renderWithProviders(ui: ReactElement) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
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
