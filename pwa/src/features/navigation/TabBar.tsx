// The bar at the foot of every page: a link to each tab, the current one
// marked for the eye and for screen readers. A page that is not a tab itself
// marks the tab whose hub lists it (tabs.ts), which the link's own address
// could not tell.

import { Link, useLocation } from '../../lib/router';
import { TabIcon } from './TabIcon';
import { TABS, tabOf } from './tabs';

export function TabBar() {
  const current = tabOf(useLocation().pathname);
  return (
    <nav className="tab-bar" aria-label="Main">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.id}>
            <Link className="tab-bar-link" to={tab.to} aria-current={tab.id === current ? 'page' : undefined}>
              <span className="tab-bar-icon">
                <TabIcon tab={tab.id} />
              </span>
              <span className="tab-bar-label">{tab.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
