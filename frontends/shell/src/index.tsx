import { startEarly } from './startup';

// config.json, the session token and /api/shop start now, while the chunks below download.
startEarly();

// The async boundary lets module federation settle the shared singletons first.
import('./bootstrap').catch((error: unknown) => {
  console.error(error);
  document.body.textContent = 'Belegfluss konnte nicht geladen werden. Bitte lade die Seite neu.';
});
