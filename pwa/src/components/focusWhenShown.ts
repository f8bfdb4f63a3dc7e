// Moving focus to what Fix brought back (a list's item, a plan's day, a goal)
// once it is on screen: the page may first switch a tab, open a list, load a
// day, or be another page (which is asked through the navigation's state).

import { useEffect } from 'react';
import { useLocation } from '../lib/router';

const FRAMES = 120;

/** Focuses the element with this id as soon as it shows (for about two seconds). */
export function focusWhenShown(id: string, frames = FRAMES): void {
  const element = document.getElementById(id);
  if (element) {
    element.focus();
    element.scrollIntoView?.({ block: 'center' });
  } else if (frames > 0) {
    requestAnimationFrame(() => focusWhenShown(id, frames - 1));
  }
}

/** What a page was opened to show: `navigate(to, { state: { focus: id } })`. */
export function useFocusAsked(): void {
  const state: unknown = useLocation().state;
  const focus = typeof state === 'object' && state !== null ? (state as { focus?: unknown }).focus : undefined;
  useEffect(() => {
    if (typeof focus === 'string') focusWhenShown(focus);
  }, [focus]);
}
