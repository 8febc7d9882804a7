import type { ApiClient } from './api';

/**
 * The whole shell -> remote contract. Each remote exposes `./App`, whose default
 * export is a React component taking these props. Everything else a remote
 * needs comes through the shared singletons the shell already provides:
 * Polaris' AppProvider (German texts, links that route in-app) and the
 * react-query client (shared cache, e.g. `shopQuery(api)`).
 */
export interface RemoteAppProps {
  /** Where the shell mounted the remote: `/preferences`, `/partner`, `/admin`. */
  basePath: string;
  /** The current path below `basePath`, always starting with `/` (`/` or `/contacts`). */
  path: string;
  /** The current query string including `?`, or an empty string. */
  search: string;
  /** Moves the whole app to an absolute in-app path (`/plan`, `/preferences/invoices#mail`). */
  navigate: (to: string) => void;
  /** Calls the gateway's `/api` with the current session token. */
  api: ApiClient;
}

export const REMOTE_NAMES = ['preferences', 'partner', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** What `import('<remote>/App')` yields. */
export interface RemoteAppModule {
  default: import('react').ComponentType<RemoteAppProps>;
}
