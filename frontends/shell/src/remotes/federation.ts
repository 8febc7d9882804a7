import type { RemoteAppModule, RemoteAppProps, RemoteName } from '@belegfluss/frontend-kit';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

/**
 * The shell knows its remotes only from config.json. The build plugin has
 * already created the federation runtime; this just tells it where each
 * remote's manifest is.
 */
let manifests: Partial<Record<RemoteName, string>> = {};
const loaded = new Map<RemoteName, ComponentType<RemoteAppProps>>();

export function registerRemoteManifests(remotes: Record<RemoteName, string>): void {
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
export async function loadRemoteApp(name: RemoteName, fresh: boolean): Promise<ComponentType<RemoteAppProps>> {
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
