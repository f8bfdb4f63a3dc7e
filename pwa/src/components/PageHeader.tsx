// The header of every page but Home: the way back, the page title (which is
// also the tab's title) and the status the app puts beside it (the sync badge,
// provided by the app shell).

import { createContext, useContext, type ReactNode } from 'react';
import { Link } from '../lib/router';
import { usePageTitle } from './pageTitle';

/** What the app shows at the end of every page header. */
export const HeaderStatus = createContext<ReactNode>(null);

export function PageHeader({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <header className="app-header page-header">
      <Link to="/" className="back-link">
        ← Home
      </Link>
      <h1>{title}</h1>
      {useContext(HeaderStatus)}
    </header>
  );
}
