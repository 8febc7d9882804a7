import type { StaffRole } from './staff';

/** The answer of `GET /api/shop`, shared by the gateway and the front ends. */
export interface ShopView {
  shop: string;
  name: string;
  plan: {
    id: string;
    name: string;
    annual: boolean;
    logMaxAge: number;
    credits: {
      used: number;
      /** What the shop may use this period, raised while a bought import runs. */
      quota: number;
      resetAt: string;
      /** While a bought import raises the quota: the plan's own quota and the day the raise ends. */
      importBoost?: { planQuota: number; until: string } | null;
    };
    /** The one-time unlocks bought (`plan.purchase`), e.g. orderImport. */
    purchase: string[];
  };
  lexoffice: {
    isConnected: boolean;
    connectedAt: string | null;
    /**
     * From Lexware's profile: what the tax regime of the documents follows as long as the merchant has
     * not chosen one in the wizard.
     */
    profile: {
      companyName: string | null;
      smallBusiness?: boolean;
      distanceSalesPrinciple?: 'ORIGIN' | 'DESTINATION' | null;
    } | null;
  };
  stat: {
    invoice: { created: number; matched: number; updated: number };
    credit: { created: number; matched: number; updated: number };
    lexoffice: { contact: { created: number; updated: number } };
    shopify: {
      webhook: {
        received: number;
        started: number;
        skipped: number;
        unprocessable: number;
        failed: number;
        successful: number;
      };
    };
  };
  permissions: string[];
  partner: boolean;
  home: 'orders' | '';
  missingAccessToken: boolean;
  /** `shopify.store.plan`: the shop's Shopify plan, which decides whether Basic is offered. */
  shopifyPlan?: string | null;
  /**
   * Flags added by GET /api/shop: isAdmin when the person of the session is listed as staff
   * (SUPPORT_STAFF, OPERATOR_STAFF), the others from the configured shop lists.
   */
  isAdmin?: boolean;
  /** Who is using the admin area, and with which role; null for everyone not listed. */
  staff?: { role: StaffRole; userId: string; shop: string; name: string | null } | null;
  isShopify?: boolean;
  isDev?: boolean;
  scopes: string[];
  downtimes: { status: 'warning' | 'active'; message: string; startsAt: string; endsAt: string | null }[];
}
