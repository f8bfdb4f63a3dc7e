// Writes the tab's title: the name the shown page gave itself (see
// components/pageTitle.ts), else its route's title, else the 404's.

import { useEffect, useState, type ReactNode } from 'react';
import { matchPath, useLocation } from '../lib/router';
import { PageTitleContext, tabTitle, type OwnTitle } from '../components/pageTitle';
import { NOT_FOUND_TITLE, ROUTES } from './routes';

/** The route table's title of `pathname` (the 404's when no route matches). */
export function routeTitle(pathname: string): string {
  return ROUTES.find((r) => matchPath(r.path, pathname))?.title ?? NOT_FOUND_TITLE;
}

export function DocumentTitle({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [own, setOwn] = useState<OwnTitle | null>(null);
  // A page's own name counts only at its address: while the next page loads,
  // the tab already names the next page.
  const title = own?.path === pathname ? own.title : routeTitle(pathname);
  useEffect(() => {
    document.title = tabTitle(title);
  }, [title]);
  return <PageTitleContext.Provider value={setOwn}>{children}</PageTitleContext.Provider>;
}
