import { useCallback, useState } from 'react';

/** Dismissed banners are remembered on this device under keys prefixed 'App:banner:'. */
export const BANNER_PREFIX = 'App:banner:';

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

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

/** Forgets every dismissed banner on this device ('Hinweise zurückgesetzt'); returns how many there were. */
export function resetDismissed(storage: Storage | undefined = safeStorage()): number {
  try {
    if (!storage) return 0;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k?.startsWith(BANNER_PREFIX) ?? false,
    );
    keys.forEach((k) => storage.removeItem(k));
    return keys.length;
  } catch {
    return 0;
  }
}

/** A banner that, once closed, stays closed on this device: `[dismissed, dismiss]`. */
export function useDismissedBanner(id: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(() => isDismissed(id));
  const close = useCallback(() => {
    dismiss(id);
    setDismissed(true);
  }, [id]);
  return [dismissed, close];
}
