import { transfersLeft, isAdminShop, isUnder, type Shop } from '@belegfluss/frontend-kit';

export type NavKey = 'home' | 'admin' | 'overview' | 'orders' | 'plan' | 'partner' | 'preferences' | 'help';

export interface NavEntry {
  key: NavKey;
  label: string;
  url: string;
  selected: boolean;
  badge?: string;
}

/**
 * The product's navigation, in its order: Home, Administration (for listed staff: isAdmin), Übersicht
 * (only when home is the orders list), Bestellungen, Abonnement (with the
 * share of transfers left), Partnerprogramm (partners), Einstellungen, Hilfe.
 */
export function navigationEntries(shop: Shop | undefined, pathname: string): NavEntry[] {
  const homeIsOrders = shop?.home === 'orders';
  const entries: NavEntry[] = [];
  const add = (key: NavKey, label: string, url: string, selected: boolean, badge?: string) =>
    entries.push({ key, label, url, selected, badge });

  add('home', 'Home', homeIsOrders ? '/orders' : '/home', pathname === '/' || (!homeIsOrders && pathname === '/home'));
  if (isAdminShop(shop)) add('admin', 'Administration', '/admin', isUnder(pathname, '/admin'));
  if (homeIsOrders) add('overview', 'Übersicht', '/home', pathname === '/home');
  add('orders', 'Bestellungen', '/orders', isUnder(pathname, '/orders'));
  add(
    'plan',
    'Abonnement',
    '/plan',
    isUnder(pathname, '/plan'),
    shop ? `${transfersLeft(shop.plan.credits).percent} %` : undefined,
  );
  if (shop?.partner) add('partner', 'Partnerprogramm', '/partner', isUnder(pathname, '/partner'));
  add('preferences', 'Einstellungen', '/preferences', isUnder(pathname, '/preferences'));
  add('help', 'Hilfe', '/help', isUnder(pathname, '/help'));
  return entries;
}
