// From the contract alone: the entry chunk reads config.json before React and Polaris are there.
import { REMOTE_NAMES, type RemoteName } from '@belegfluss/frontend-kit/contract';

/** `/config.json`, written from the environment (see runtime-config.mjs). */
export interface RuntimeConfig {
  apiUrl: string;
  sandboxUrl: string | null;
  remotes: Record<RemoteName, string>;
}

export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const raw = (body ?? {}) as Partial<RuntimeConfig>;
  const remotes = (raw.remotes ?? {}) as Partial<Record<RemoteName, unknown>>;
  for (const name of REMOTE_NAMES) {
    if (typeof remotes[name] !== 'string')
      throw new Error(`config.json nennt keine Adresse für den Bereich „${name}“.`);
  }
  return {
    apiUrl: typeof raw.apiUrl === 'string' && raw.apiUrl !== '' ? raw.apiUrl : '/api',
    sandboxUrl: typeof raw.sandboxUrl === 'string' && raw.sandboxUrl !== '' ? raw.sandboxUrl : null,
    remotes: remotes as Record<RemoteName, string>,
  };
}

/** Fetches config.json; `started` is a request for it the page made already. */
export async function loadRuntimeConfig(started?: Promise<Response>): Promise<RuntimeConfig> {
  const response = await (started ?? fetch('/config.json', { cache: 'no-store' }));
  if (!response.ok) throw new Error(`config.json fehlt (HTTP ${response.status}).`);
  return parseRuntimeConfig(await response.json());
}
