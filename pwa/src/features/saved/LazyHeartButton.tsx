// The favorite button on a card of the first screen: its code (the live
// favorites and their writes) loads just after the first render, its place
// held (unseen, as the server's page holds it) so nothing moves when it comes.

import { lazy, Suspense, type ComponentProps } from 'react';

const Heart = lazy(() => import('./HeartButton').then((m) => ({ default: m.HeartButton })));

export function HeartButton(props: ComponentProps<typeof Heart>) {
  return (
    <Suspense
      fallback={
        <button type="button" className="btn btn-outline heart held" aria-hidden="true" disabled>
          <svg width="20" height="20" />
          <span>Favorite</span>
        </button>
      }
    >
      <Heart {...props} />
    </Suspense>
  );
}
