import type { RemoteAppProps } from '@belegfluss/frontend-kit';
import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { RouteSkeleton } from '../firstPaint/RouteSkeleton';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';

export interface RemoteAreaProps extends RemoteAppProps {
  area: string;
  /** Resolves the remote's App; `fresh` is true on a retry. */
  load: (fresh: boolean) => Promise<ComponentType<RemoteAppProps>>;
  /** The App if it has loaded before, so coming back does not flash a skeleton. */
  cached?: ComponentType<RemoteAppProps>;
}

/** One remote's pages inside the frame, with their own loading and error states. */
export function RemoteArea({ area, load, cached, ...appProps }: RemoteAreaProps) {
  const [attempt, setAttempt] = useState(0);
  const App = useMemo<ComponentType<RemoteAppProps>>(
    () => (attempt === 0 && cached ? cached : lazy(async () => ({ default: await load(attempt > 0) }))),
    // `load` and `cached` only matter when a new attempt starts.
    [attempt],
  );
  return (
    <RemoteErrorBoundary area={area} attempt={attempt} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense
        fallback={<RouteSkeleton pathname={appProps.basePath + (appProps.path === '/' ? '' : appProps.path)} />}
      >
        <App {...appProps} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
