// The header of every page but Home: the way back, the page title (which is
// also the tab's title) and the status the app puts beside it (the sync badge,
// provided by the app shell).

import { useContext, useEffect } from 'react';
import { HeaderStatus } from './headerStatus';
import { Link } from '../lib/router';
import { useLocation } from '../lib/router';
import { PageTitleContext } from './pageTitle';

/** Names the page in the tab while it is shown (PageHeader does it for its title). */
function usePageTitle(title: string): void {
  const setOwn = useContext(PageTitleContext);
  const { pathname } = useLocation();
  useEffect(() => {
    setOwn({ path: pathname, title });
    return () => setOwn(null);
  }, [setOwn, pathname, title]);
}

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
