import { randomBytes } from 'node:crypto';
import { EU_VAT_ID_PATTERNS } from '@belegfluss/shared';

/** What the stand-in's member-state registers hold for one ID. */
export interface RegisteredVatId {
  valid: boolean;
  name: string;
  address: string;
}

/** VIES's member-state codes: Greece is EL, Northern Ireland XI. */
export const VIES_MEMBER_STATES = Object.keys(EU_VAT_ID_PATTERNS);

/**
 * The registers behind the VIES stand-in: which IDs are valid (any other well-formed ID is not, as at VIES),
 * which member states' services are down, and every request, so tests see what the app sent.
 */
export class ViesRegister {
  readonly ids = new Map<string, RegisteredVatId>();
  readonly unavailable = new Set<string>();
  /** VIES itself down: every check answers SERVICE_UNAVAILABLE. */
  serviceDown = false;
  readonly requests: { at: string; body: unknown; answer: string }[] = [];

  constructor() {
    this.reset();
  }

  reset(): void {
    this.ids.clear();
    this.unavailable.clear();
    this.serviceDown = false;
    this.requests.length = 0;
    // The sandbox's Austrian business customer (order scenario eu_b2b_vat) is registered, so its demo stays tax-free.
    this.ids.set('ATU12345678', { valid: true, name: 'Alpenhandel GmbH', address: 'Mariahilfer Straße 45\n1060 Wien' });
  }

  /** VIES's consultation number: only for a request that names its requester. */
  static requestIdentifier(): string {
    return `WAPI${randomBytes(6).toString('hex').toUpperCase()}`;
  }
}
