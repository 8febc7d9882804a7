import { isApiError } from '@belegfluss/frontend-kit';
import { QueryClient } from '@tanstack/react-query';

/** One client for the shell and every remote (react-query is a shared singleton). */
export function createShellQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not heal by asking again; network trouble and 5xx might.
        retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 2,
        staleTime: 5_000,
      },
    },
  });
}
