/**
 * Shopify's access scopes in the words a merchant reads: banners, locks and field errors name what Belegfluss
 * may do, never the code (`write_orders`) that only a developer knows.
 */
export const SHOPIFY_SCOPE_TEXT: Record<string, string> = {
  read_orders: 'Bestellungen lesen',
  write_orders: 'Bestellungen bearbeiten',
  read_all_orders: 'alle Bestellungen lesen, auch ältere als 60 Tage',
  read_customers: 'Kunden lesen',
  read_products: 'Produkte lesen',
  read_companies: 'Firmen und Firmenstandorte lesen (B2B)',
  read_returns: 'Retouren und Umtausche lesen',
};

/** One scope in words; an unknown one as it comes, so that it can still be looked up. */
export const scopeText = (scope: string): string => SHOPIFY_SCOPE_TEXT[scope] ?? scope;

/** Several scopes as „Bestellungen bearbeiten“, „Kunden lesen“. */
export const scopesText = (scopes: readonly string[]): string => scopes.map((s) => `„${scopeText(s)}“`).join(', ');
