import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from '../lib/router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '../components/PageHeader';
import { APP_TITLE } from '../components/pageTitle';
import { DocumentTitle, routeTitle } from './DocumentTitle';
import { ROUTES } from './routes';

describe('tab titles', () => {
  it('every route has one; a path with a parameter finds its route; others are the 404', () => {
    expect(ROUTES.every((r) => r.title.length > 0)).toBe(true);
    expect(routeTitle('/')).toBe(APP_TITLE);
    expect(routeTitle('/meal-plans/daniel-fast')).toBe('Meal Plan');
    expect(routeTitle('/nowhere')).toBe('Page Not Found');
  });

  it("a page's header names the tab once the page knows its name", async () => {
    const view = (title: string) => (
      <MemoryRouter initialEntries={['/meal-plans/daniel-fast']}>
        <DocumentTitle>
          <PageHeader title={title} />
        </DocumentTitle>
      </MemoryRouter>
    );
    const { rerender } = render(view('Meal Plan'));
    await waitFor(() => expect(document.title).toBe('Meal Plan · Manna'));
    rerender(view('The Daniel Fast'));
    await waitFor(() => expect(document.title).toBe('The Daniel Fast · Manna'));
  });
});
