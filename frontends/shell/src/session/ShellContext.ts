import type { ApiClient, TokenSource } from '@belegfluss/frontend-kit';
import { createContext, useContext } from 'react';
import type { RuntimeConfig } from '../config';

export interface ShellSession {
  config: RuntimeConfig;
  tokenSource: TokenSource;
  api: ApiClient;
  /** Only locally, against the sandbox: back to the shop picker. */
  switchShop?: () => void;
}

export const ShellContext = createContext<ShellSession | null>(null);

export function useShell(): ShellSession {
  const session = useContext(ShellContext);
  if (!session) throw new Error('useShell außerhalb der Sitzung');
  return session;
}
