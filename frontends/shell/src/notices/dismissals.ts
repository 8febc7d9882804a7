/** Spec 3 §2: dismissed banners are remembered on this device under keys prefixed 'App:banner:'. */
export const BANNER_PREFIX = 'App:banner:';

export function isDismissed(id: string, storage: Storage | undefined = safeStorage()): boolean {
  try {
    return (storage?.getItem(BANNER_PREFIX + id) ?? null) !== null;
  } catch {
    return false;
  }
}

export function dismiss(id: string, storage: Storage | undefined = safeStorage()): void {
  try {
    storage?.setItem(BANNER_PREFIX + id, new Date().toISOString());
  } catch {
    // Private mode: dismissed for this page only.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
