// A page whose code loads when it is first shown, or earlier when asked: the
// app asks for the page at the address it opens on as soon as its own code
// runs, so that the page's code arrives beside the core instead of after the
// first render.

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a page's props are its own, as in React's lazy
type AnyPage = ComponentType<any>;

export type LazyPage<T extends AnyPage> = LazyExoticComponent<T> & { preload: () => Promise<unknown> };

export function lazyPage<T extends AnyPage>(load: () => Promise<{ default: T }>): LazyPage<T> {
  let loading: Promise<{ default: T }> | undefined;
  const preload = () => (loading ??= load());
  return Object.assign(lazy(preload), { preload });
}

/** Whether `type` (an element's type) is a page made by lazyPage. */
export const isLazyPage = (type: unknown): type is LazyPage<AnyPage> =>
  typeof type === 'object' && type !== null && typeof (type as { preload?: unknown }).preload === 'function';
