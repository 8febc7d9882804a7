/**
 * Shopify's grant screen refuses to load inside the admin's iframe, so the
 * top window goes there (App Bridge honours `_top`).
 */
export function redirectTop(url: string, win: Window = window): void {
  win.open(url, '_top');
}

/** `/api/auth?shop&scopes` starts the permission grant. */
export function authUrl(apiUrl: string, shop: string, scopes: string[] = []): string {
  const query = new URLSearchParams({ shop });
  if (scopes.length > 0) query.set('scopes', scopes.join(','));
  return `${apiUrl.replace(/\/+$/, '')}/auth?${query.toString()}`;
}
