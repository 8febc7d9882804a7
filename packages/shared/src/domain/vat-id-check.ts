import type { ContactPreferences } from '../preferences/contact';

/**
 * Confirming a buyer's USt-IdNr. with the EU's VIES service before a tax-free intra-community invoice (§ 18e UStG):
 * a well-formed ID is not yet a valid one. Pure rules and plain data, so the order workflow can decide with them.
 */

/** VIES's error codes (its REST answer's `errorWrappers[].error`). */
export const VIES_ERROR_CODES = [
  'INVALID_INPUT',
  'INVALID_REQUESTER_INFO',
  'SERVICE_UNAVAILABLE',
  'MS_UNAVAILABLE',
  'TIMEOUT',
  'VAT_BLOCKED',
  'IP_BLOCKED',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME',
] as const;
export type ViesErrorCode = (typeof VIES_ERROR_CODES)[number];

/**
 * The answers that say "not now" rather than "no": VIES or the member state's register is down or busy, or we
 * could not reach VIES at all (NETWORK, our own code). The order waits for these and asks again.
 */
export const VIES_TRANSIENT_ERRORS: readonly string[] = [
  'SERVICE_UNAVAILABLE',
  'MS_UNAVAILABLE',
  'TIMEOUT',
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME',
  'IP_BLOCKED',
  'NETWORK',
];

/** What VIES answered about one ID: the evidence kept with the contact and in the order's log. */
export interface VatIdEvidence {
  vatId: string;
  valid: boolean;
  /** As VIES returned it. */
  requestDate: string;
  /** VIES's consultation number; only when the shop's own USt-IdNr. was sent as requester. */
  requestIdentifier: string | null;
  name: string | null;
  address: string | null;
  /** When we asked (ISO). */
  checkedAt: string;
  /** Taken from our day-long store of confirmations instead of asking again. */
  cached: boolean;
  /** The error code when VIES refused to check the ID at all (INVALID_INPUT, VAT_BLOCKED). */
  refusal?: string;
}

export type VatIdCheck =
  | { status: 'answered'; evidence: VatIdEvidence }
  | { status: 'unavailable'; vatId: string; error: string; message: string };

/** VIES's word on the ID the invoice would rest on, as the tax rule takes it. */
export type VatIdVerdict = 'valid' | 'invalid' | 'unconfirmed';

/** Valid answers are kept this long: within a day a confirmation is evidence enough for further invoices. */
export const VIES_CACHE_MS = 24 * 60 * 60 * 1000;

/** Only VIES's "valid" is reused; a "not valid" may be mended by the buyer at any time, so it is asked again. */
export function reusableEvidence(evidence: VatIdEvidence | null, now: number): VatIdEvidence | null {
  if (!evidence?.valid) return null;
  return now - Date.parse(evidence.checkedAt) < VIES_CACHE_MS ? { ...evidence, cached: true } : null;
}

export type ViesWaitStep =
  | {
      action: 'wait';
      retryAt: number;
      /** the wait is over and the merchant chose to keep waiting: tell them */ over: boolean;
    }
  | { action: 'invoiceWithVat' };

/**
 * What an order does while VIES can't answer: it asks again every `retryMs` until the merchant's wait
 * (`viesWaitHours`, counted from the first failed check) is over, then follows `viesAfterWait`.
 */
export function afterViesUnavailable(
  prefs: Pick<ContactPreferences, 'viesWaitHours' | 'viesAfterWait'>,
  times: { since: number; now: number; retryMs: number },
): ViesWaitStep {
  const deadline = times.since + prefs.viesWaitHours * 3_600_000;
  if (times.now < deadline)
    return { action: 'wait', retryAt: Math.min(times.now + times.retryMs, deadline), over: false };
  if (prefs.viesAfterWait === 'withVat') return { action: 'invoiceWithVat' };
  return { action: 'wait', retryAt: times.now + times.retryMs, over: true };
}

/** "ATU12345678" → VIES's request fields: the member state (EL for Greece, as VIES spells it) and the number. */
export function viesParts(vatId: string): { countryCode: string; vatNumber: string } {
  return { countryCode: vatId.slice(0, 2).toUpperCase(), vatNumber: vatId.slice(2) };
}
