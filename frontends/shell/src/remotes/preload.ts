import { isAdminShop, type RemoteName, type Shop } from '@belegfluss/frontend-kit';
import { useEffect } from 'react';
import { preloadRemoteApp } from './federation';

/** The remotes this shop's navigation offers, most visited first; the others are never fetched ahead. */
export function reachableRemotes(shop: Pick<Shop, 'partner' | 'isAdmin'>): RemoteName[] {
  const names: RemoteName[] = ['preferences'];
  if (shop.partner) names.push('partner');
  if (isAdminShop(shop)) names.push('admin');
  return names;
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `task` when the browser is idle (or after `timeout` ms at the latest); returns a cancel. */
function whenIdle(task: () => void, timeout: number, win: IdleWindow = window): () => void {
  if (win.requestIdleCallback && win.cancelIdleCallback) {
    const handle = win.requestIdleCallback(task, { timeout });
    return () => win.cancelIdleCallback?.(handle);
  }
  const handle = win.setTimeout(task, 1);
  return () => win.clearTimeout(handle);
}

/**
 * How long the preloads wait after the page's load event: the page's own chunks and data come first, and a
 * remote fetched while they are still on their way only makes the first content later (on a phone's
 * connection every request before it counts).
 */
const AFTER_LOAD_MS = 3_000;

/** Runs `task` AFTER_LOAD_MS after the window's load event (or from now, if it has fired); returns a cancel. */
function afterLoad(task: () => void, win: Window = window): () => void {
  let handle: number | undefined;
  const start = () => (handle = win.setTimeout(task, AFTER_LOAD_MS));
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
  return () => {
    win.removeEventListener('load', start);
    if (handle !== undefined) win.clearTimeout(handle);
  };
}

/**
 * Once the shell shows a shop and the page has loaded, fetches the remotes its navigation
 * offers while the browser is idle, one after another, so that a click into one of them
 * renders at once. Nothing is fetched before the page has its content.
 */
export function usePreloadRemotes(shop: Shop | undefined): void {
  const names = shop ? reachableRemotes(shop).join(',') : '';
  useEffect(() => {
    if (!names) return;
    let cancel: (() => void) | undefined;
    let stopped = false;
    const queue = names.split(',') as RemoteName[];
    const next = () => {
      const name = queue.shift();
      if (!name || stopped) return;
      cancel = whenIdle(() => void preloadRemoteApp(name).then(next), 2_000);
    };
    cancel = afterLoad(next);
    return () => {
      stopped = true;
      cancel?.();
    };
  }, [names]);
}
