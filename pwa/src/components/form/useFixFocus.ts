// After Fix has put a refused change back into a form: focus moves to the
// control the refusal names (the one marked invalid), else the form's first
// control, once the form shows.

import { useCallback, useEffect, useRef, useState } from 'react';

const CONTROL = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)';

/** Focuses the first control marked invalid in `root` (or the first control there). */
function focusFirstProblem(root: HTMLElement): void {
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  const target = invalid?.matches(CONTROL) ? invalid : (invalid?.querySelector<HTMLElement>(CONTROL) ?? root.querySelector<HTMLElement>(CONTROL));
  (target ?? root).focus();
  (target ?? root).scrollIntoView?.({ block: 'center' });
}

/** `ref` goes on the form; `focusAfterFix()` is called by the page's Fix.
 *  `openedWith`: the fix a form is opened with (none for a new record), whose
 *  fault is focused once the form shows. */
export function useFixFocus<T extends HTMLElement = HTMLFormElement>(openedWith?: unknown) {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if ((asked > 0 || openedWith) && ref.current) focusFirstProblem(ref.current);
  }, [asked, openedWith]);
  const focusAfterFix = useCallback(() => setAsked((n) => n + 1), []);
  return { ref, focusAfterFix };
}
