import type { RemoteAppModule, RemoteAppProps, RemoteName } from '@belegfluss/frontend-kit';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { takeEarlyManifest } from '../startup';
import { remoteRouteFor } from './routes';

/**
 * The shell knows its remotes only from config.json. The build plugin has
 * already created the federation runtime; this just tells it where each
 * remote's manifest is.
 */
let manifests: Partial<Record<RemoteName, string>> = {};
const loaded = new Map<RemoteName, ComponentType<RemoteAppProps>>();
const loading = new Map<RemoteName, Promise<ComponentType<RemoteAppProps>>>();
/** Remotes whose preload failed: the next load starts afresh instead of reusing the failure. */
const failedPreloads = new Set<RemoteName>();

let earlyManifestTaken = false;

/** Registers the remotes' manifests; the same addresses again (the entry registered them already) change nothing. */
export function registerRemoteManifests(remotes: Record<RemoteName, string>): void {
  if (JSON.stringify(remotes) === JSON.stringify(manifests)) return;
  if (!earlyManifestTaken) {
    earlyManifestTaken = true;
    // The manifest index.html asked for already, for the area the visit landed in; a failed one is asked again.
    registerPlugins([
      {
        name: 'belegfluss:early-manifest',
        fetch: (url) =>
          takeEarlyManifest(url)?.then(
            (response) => (response.ok ? response : fetch(url)),
            () => fetch(url),
          ),
      },
    ]);
  }
  manifests = { ...remotes };
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/** The App of a remote that has loaded before, without waiting. */
export function loadedRemoteApp(name: RemoteName): ComponentType<RemoteAppProps> | undefined {
  return loaded.get(name);
}

/**
 * Loads `<name>/App`. `fresh` drops what the runtime remembers about the
 * remote (a failed manifest or chunk) so that a retry really asks again.
 */
export function loadRemoteApp(name: RemoteName, fresh: boolean): Promise<ComponentType<RemoteAppProps>> {
  const again = failedPreloads.delete(name);
  const pending = loading.get(name);
  if (pending && !fresh && !again) return pending;
  const load = fetchRemoteApp(name, fresh || again).finally(() => {
    if (loading.get(name) === load) loading.delete(name);
  });
  loading.set(name, load);
  return load;
}

async function fetchRemoteApp(name: RemoteName, fresh: boolean): Promise<ComponentType<RemoteAppProps>> {
  const entry = manifests[name];
  if (!entry) throw new Error(`Für den Bereich „${name}“ ist keine Adresse eingetragen.`);
  if (fresh) {
    loaded.delete(name);
    registerRemotes([{ name, entry }], { force: true });
  }
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  const App = module?.default;
  if (typeof App !== 'function') throw new Error(`Der Bereich „${name}“ hat keine App geliefert.`);
  loaded.set(name, App);
  return App;
}

/**
 * Loads a remote's manifest, entry and `./App` chunks ahead of time, so that opening
 * it later renders at once. A failure stays quiet here: the area shows it (and offers
 * a retry) only when someone opens it, and that load starts afresh.
 */
export async function preloadRemoteApp(name: RemoteName): Promise<void> {
  if (loaded.has(name)) return;
  try {
    await loadRemoteApp(name, false);
  } catch {
    failedPreloads.add(name);
  }
}

/**
 * Loads the remote whose area `pathname` is in, if any: a visit that lands there needs its manifest, entry and
 * App before anything else, and these are requests to another origin, one after another. Started as the app
 * starts (bootstrap.tsx), they run while the session and the shop are fetched instead of after them.
 */
export function preloadRemoteOf(pathname: string): void {
  const route = remoteRouteFor(pathname);
  if (route) void preloadRemoteApp(route.name);
}
