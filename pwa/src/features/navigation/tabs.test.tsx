import { render, screen } from '@testing-library/react';
import { MemoryRouter, matchPath } from '../../lib/router';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../app/routes';
import HubPage from './HubPage';
import { TabBar } from './TabBar';
import { TABS, tabOf, type HubId } from './tabs';

/** An address the route pattern matches (each parameter given its own name). */
const example = (pattern: string) => pattern.replace(/:([^/]+)/g, '$1');

const routeOf = (pathname: string) => ROUTES.find((r) => matchPath(r.path, pathname));

/** The label of the tab marked current at `at` (one at most). */
function currentTab(at: string) {
  const view = render(
    <MemoryRouter initialEntries={[at]}>
      <TabBar />
    </MemoryRouter>,
  );
  const marked = [...view.container.querySelectorAll('nav[aria-label="Main"] a[aria-current="page"]')].map((a) => a.textContent);
  view.unmount();
  expect(marked.length).toBeLessThanOrEqual(1);
  return marked[0];
}

describe('tabs', () => {
  it('every page of the route table belongs to a tab', () => {
    const orphans = ROUTES.map((r) => r.path).filter((path) => tabOf(example(path)) === undefined);
    expect(orphans).toEqual([]);
  });

  it("every tab and every hub's link leads to a page of the route table", () => {
    const hubLinks = TABS.flatMap((t) => t.hub?.sections.flatMap((s) => s.links.map((l) => l.to)) ?? []);
    const dead = [...TABS.map((t) => t.to), ...hubLinks].filter((to) => !routeOf(new URL(to, 'http://x').pathname));
    expect(dead).toEqual([]);
    // No page listed twice: each belongs to one tab.
    expect(new Set(hubLinks).size).toBe(hubLinks.length);
  });

  it("a hub's heading is its name in the route table", () => {
    for (const tab of TABS.filter((t) => t.hub)) expect(routeOf(tab.to)?.title).toBe(tab.hub?.title);
  });

  it('marks the tab itself, or the tab whose hub lists the page, and none on an unknown address', () => {
    expect(currentTab('/')).toBe('Today');
    expect(currentTab('/pray')).toBe('Pray');
    expect(currentTab('/prayer-journal')).toBe('Pray');
    expect(currentTab('/meal-plans/daniel-fast')).toBe('Plans');
    expect(currentTab('/read/kjv/John/3')).toBe('Bible');
    expect(currentTab('/checkout-simple')).toBe('Me');
    expect(currentTab('/payment')).toBe('Me');
    expect(currentTab('/no-such-page')).toBeUndefined();
  });

  it("the Me tab lists only the person's own pages; the steps of paying and the spec's other pages stay reachable by address", () => {
    const me = TABS.find((t) => t.id === 'me')!.hub!.sections.flatMap((s) => s.links.map((l) => l.title));
    for (const notTheirs of ['App Store Toolkit', 'Manual Activation', 'Payment Confirmation', 'Quick Access', 'Pay by Card']) {
      expect(me).not.toContain(notTheirs);
    }
    for (const path of ['/aso-preview', '/activate-premium', '/subscription-success', '/quick-access', '/payment']) {
      expect(routeOf(path), path).toBeDefined();
      expect(currentTab(path), path).toBe('Me');
    }
  });

  it('shows five labelled links, each with its picture hidden from screen readers', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <TabBar />
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/', '/bible', '/pray', '/plans', '/me']);
    expect(links.map((a) => a.textContent)).toEqual(['Today', 'Bible', 'Pray', 'Plans', 'Me']);
    for (const a of links) expect(a.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it.each<HubId>(['pray', 'plans', 'me'])('the %s hub lists its links, each with a line about it', (hub) => {
    render(
      <MemoryRouter initialEntries={[`/${hub}`]}>
        <HubPage hub={hub} />
      </MemoryRouter>,
    );
    const tab = TABS.find((t) => t.id === hub)!;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(tab.hub!.title);
    const links = screen.getAllByRole('link').filter((a) => a.classList.contains('hub-link'));
    const listed = tab.hub!.sections.flatMap((s) => s.links);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(listed.map((l) => l.to));
    for (const [i, a] of links.entries()) expect(a).toHaveTextContent(listed[i].description);
  });
});
