import { startEarly } from './startup';

/**
 * config.json, the session token and /api/shop start at once (startup.ts), while the
 * browser fetches the app's chunks (preloaded by index.html). Running those chunks holds
 * the main thread for a while (on a busy machine long enough to delay /api/shop by half a
 * second), so they wait until /api/shop is on its way, which is what the first page waits
 * for anyway; index.html shows the page's first view or a spinner meanwhile (and, where it shows a first view,
 * loads this entry only once that is on screen). Never longer than this, so a slow token source does not hold
 * back the page; without a session there is nothing to wait for.
 */
const AT_MOST_MS = 1_500;
const requestsIssued = startEarly();

// The async boundary lets module federation settle the shared singletons first.
void Promise.race([requestsIssued, new Promise((resolve) => setTimeout(resolve, AT_MOST_MS))])
  .then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'))
  .catch((error: unknown) => {
    console.error(error);
    document.body.textContent = 'Belegfluss konnte nicht geladen werden. Bitte lade die Seite neu.';
  });
