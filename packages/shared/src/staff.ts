import { ShopDomainParam } from './requests/admin';

/**
 * Admin rights belong to named people, not to shops: the operator lists staff users (the session
 * token's `sub`, Shopify's id of the staff account) per shop in the configuration, and nothing in the
 * app can add to that list. Support looks after shops; what moves money or grants rights is the
 * operator's alone.
 */

export type StaffRole = 'support' | 'operator';

/** A listed person as the gateway knows them from the configuration and the session token. */
export interface StaffMember {
  role: StaffRole;
  /** The shop whose session the person uses (a Shopify user id alone names no one: ids are per account). */
  shop: string;
  userId: string;
  /** Optional, from the configuration: session tokens carry no name or e-mail. */
  name: string | null;
}

/** Everything an admin can do; the gateway guards each route with one of these and the admin area hides the rest. */
export type StaffAction =
  | 'shops.view'
  | 'workflow.restart'
  | 'downtime.publish'
  | 'shop.settings'
  | 'workflow.terminate'
  | 'payout.confirm'
  | 'coupon.create';

// A coupon is a discount on every shop that redeems it: money, so the operator's.
const OPERATOR_ONLY: ReadonlySet<StaffAction> = new Set([
  'shop.settings',
  'workflow.terminate',
  'payout.confirm',
  'coupon.create',
]);

export function staffMay(role: StaffRole | null | undefined, action: StaffAction): boolean {
  if (!role) return false;
  return role === 'operator' || !OPERATOR_ONLY.has(action);
}

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { support: 'Support', operator: 'Betrieb' };

export const STAFF_MESSAGES = {
  notListed:
    'Die Administration ist nur für namentlich freigeschaltete Mitarbeiter. Dein Benutzer ist dafür nicht eingetragen.',
  operatorOnly:
    'Nur der Betrieb darf das: Provisionen, Partnerstatus, Berechtigungen, Coupons, SEPA-Bestätigungen und das Beenden von Workflows.',
  ownShop:
    'Die Berechtigungen, den Partnerstatus und die Provision deines eigenen Shops kannst du nicht selbst ändern.',
} as const;

/** "Erika Muster (Nutzer 42, zentrale.myshopify.com)", or without a name "Nutzer 42 (zentrale.myshopify.com)". */
export function staffLabel(person: { userId: string; shop: string; name?: string | null }): string {
  return person.name
    ? `${person.name} (Nutzer ${person.userId}, ${person.shop})`
    : `Nutzer ${person.userId} (${person.shop})`;
}

const USER = /^[0-9]+$/;

/**
 * One configured list: comma-separated `shop-domain:user-id` entries, each optionally followed by
 * `=Name` (`zentrale.myshopify.com:73125004=Erika Muster`). A malformed entry stops the start with a
 * message naming it, instead of silently granting nothing (or the wrong thing).
 */
export function parseStaffList(raw: string | undefined, role: StaffRole, variable: string): StaffMember[] {
  return (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [who, ...rest] = entry.split('=');
      const [domain, userId, extra] = (who ?? '').trim().toLowerCase().split(':');
      const shop = ShopDomainParam.safeParse(domain);
      if (!shop.success || !userId || !USER.test(userId) || extra !== undefined)
        throw new Error(
          `${variable}: „${entry}“ ist kein Eintrag der Form shop-domain:user-id (z. B. zentrale.myshopify.com:73125004=Erika Muster).`,
        );
      const name = rest.join('=').trim();
      return { role, shop: shop.data, userId, name: name || null };
    });
}

/** The person behind a session, if listed; someone listed as operator and as support is an operator. */
export function findStaffMember(
  staff: readonly StaffMember[],
  shop: string,
  userId: string | null,
): StaffMember | undefined {
  if (!userId) return undefined;
  const s = shop.toLowerCase();
  const matches = staff.filter((m) => m.shop === s && m.userId === userId);
  return matches.find((m) => m.role === 'operator') ?? matches[0];
}
