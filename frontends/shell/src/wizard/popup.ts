import { POPUP_SIZE } from './wizard';

/**
 * Opens the popup synchronously, inside the click, so no blocker stops it; the
 * address follows once the gateway has answered.
 */
export function openAuthPopup(win: Window = window): Window | null {
  const { width, height } = POPUP_SIZE;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return win.open(
    'about:blank',
    'belegfluss-lexoffice',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
}

/** Resolves when the popup has been closed (by the user or by the callback page). */
export function whenClosed(popup: Window, intervalMs = 500): { promise: Promise<void>; cancel: () => void } {
  let timer: ReturnType<typeof setInterval> | undefined;
  const promise = new Promise<void>((resolve) => {
    timer = setInterval(() => {
      if (popup.closed) {
        clearInterval(timer);
        resolve();
      }
    }, intervalMs);
  });
  return { promise, cancel: () => clearInterval(timer) };
}
