import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

/** A page whose code is a chunk of its own: loaded when it first renders, or ahead of that by `preload()`. */
export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  /** Loads the page's chunk; a failure stays quiet here and shows when the page renders. */
  preload(): Promise<void>;
}

/**
 * A page of an area that its first view does not need, so that view's chunks leave it out. Rendered before its
 * chunk is there it suspends (the nearest Suspense shows its skeleton); once loaded, also by `preload()`, it
 * renders at once, without that round. A failed load reaches the error boundary, like React's `lazy`.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const start = () => (pending ??= load().then((component) => (loaded = component)));
  // React's lazy component carries no props of a generic `P`: typed as the page it stands for.
  const suspending = lazy(async () => ({ default: await start() })) as unknown as ComponentType<P>;
  const Page = (props: P) => createElement(loaded ?? suspending, props);
  return Object.assign(Page, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}
