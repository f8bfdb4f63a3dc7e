// The tabs' pictures: drawn in the text's colour, so they follow the theme and
// the current tab's colour; decorative (the label names the tab).

import type { ReactNode } from 'react';
import type { TabId } from './tabs';

const SHAPES: Record<TabId, ReactNode> = {
  // A sun: the day's reading and cards.
  today: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4" />
    </>
  ),
  // An open book.
  bible: (
    <>
      <path d="M12 6.5C9.5 4.8 6.3 4.5 3 5.3v13.2c3.3-.8 6.5-.5 9 1.2 2.5-1.7 5.7-2 9-1.2V5.3c-3.3-.8-6.5-.5-9 1.2z" />
      <path d="M12 6.5v13.2" />
    </>
  ),
  // A candle's flame.
  pray: (
    <>
      <path d="M12 2.5c2.2 2.5 3.4 4.2 3.4 5.9a3.4 3.4 0 0 1-6.8 0c0-1.7 1.2-3.4 3.4-5.9z" />
      <path d="M12 11.8V13" />
      <rect x="7.5" y="13" width="9" height="8.5" rx="1.2" />
    </>
  ),
  // A calendar page with a tick.
  plans: (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 9.5h17M8 3v4M16 3v4M9 15l2 2 4-4" />
    </>
  ),
  // A person.
  me: (
    <>
      <circle cx="12" cy="8" r="3.8" />
      <path d="M4.5 20.5c.6-4 3.6-6.3 7.5-6.3s6.9 2.3 7.5 6.3" />
    </>
  ),
};

export function TabIcon({ tab }: { tab: TabId }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {SHAPES[tab]}
    </svg>
  );
}
