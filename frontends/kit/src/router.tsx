import { useMemo, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

/**
 * A deliberately tiny history router. The shell owns it; remotes never import
 * a router of their own but receive `path` and `navigate` through their props,
 * so no router has to be shared as a federation singleton.
 */
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

function snapshot(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

export function useLocation(): AppLocation {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  return useMemo(() => {
    const url = new URL(href, 'http://app.invalid');
    return { pathname: url.pathname, search: url.search, hash: url.hash };
  }, [href]);
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === snapshot()) return;
  if (options.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  for (const listener of listeners) listener();
  if (!to.includes('#')) window.scrollTo?.(0, 0);
}

/** True for `/preferences` and everything below it, not for `/preferencesX`. */
export function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The part of `pathname` below `base`, always starting with a slash. */
export function pathBelow(pathname: string, base: string): string {
  const rest = pathname.slice(base.length);
  return rest === '' ? '/' : rest;
}

function isInternal(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    return new URL(url, window.location.href).origin === window.location.origin && !/^[a-z]+:/i.test(url);
  } catch {
    return false;
  }
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { url: string; external?: boolean; children?: ReactNode };

/** Polaris' `linkComponent`: in-app URLs go through `navigate`, everything else stays a plain link. */
export function RouterLink({ url, external, target, children, onClick, ...rest }: LinkProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || external || target || rest.download !== undefined) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!isInternal(url)) return;
    event.preventDefault();
    navigate(url);
  }
  // Polaris hands `target: undefined` next to `external`, so the explicit target must not win over it.
  const externalProps = external ? { target: '_blank', rel: 'noopener noreferrer' } : target ? { target } : {};
  return (
    <a href={url} {...rest} {...externalProps} onClick={handleClick}>
      {children}
    </a>
  );
}
