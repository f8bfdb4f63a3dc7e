import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { isLazyPage, lazyPage } from './lazyPage';
import { ROUTES } from './routes';

describe('a page loaded early', () => {
  it('is fetched once: the early ask and the render share one load', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return { default: ({ name }: { name: string }) => <p>Hello, {name}</p> };
    });
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page name="Ruth" />
      </Suspense>,
    );
    expect(await screen.findByText('Hello, Ruth')).toBeTruthy();
    expect(loads).toBe(1);
  });

  it("the pages people open daily can be asked for before the app's first render", () => {
    const typeAt = (path: string) => (ROUTES.find((r) => r.path === path)?.render() as { type: unknown }).type;
    for (const path of ['/read/:translation/:book/:chapter', '/bible', '/prayer-journal', '/weight-tracking', '/prayer-reminders']) {
      expect(isLazyPage(typeAt(path)), path).toBe(true);
    }
    // Home's code is part of the app's own.
    expect(isLazyPage(typeAt('/'))).toBe(false);
  });
});
