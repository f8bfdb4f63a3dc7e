// The tab's title, one mechanism for every page: the route table names each
// route, and a page that knows a more specific name (a meal plan's own title,
// once loaded) names itself through its header. Only the app shell writes
// `document.title` (app/DocumentTitle.tsx); PageHeader names its page.

import { createContext } from 'react';

/** The name a page gave itself, and the address it gave it at. */
export interface OwnTitle {
  path: string;
  title: string;
}

export const PageTitleContext = createContext<(own: OwnTitle | null) => void>(() => undefined);

/** The whole title of the app's start page (the others are "Name · Manna"). */
export const APP_TITLE = 'Manna: Inspiration for Body and Soul';

/** What the tab shows for a page named `name`. */
export function tabTitle(name: string): string {
  return name === APP_TITLE ? name : `${name} · Manna`;
}
