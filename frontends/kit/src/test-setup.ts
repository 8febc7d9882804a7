import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Polaris asks for media queries and sizes that jsdom does not implement.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.scrollTo = () => undefined;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

// findBy… and waitFor wait for a condition, never for a time: on a busy two-core machine a Polaris page can take
// longer than the library's default second to render, so they wait up to 10 s before they give up.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
