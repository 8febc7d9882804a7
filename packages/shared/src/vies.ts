import { normalizeVatId } from './domain/vat-id';
import {
  reusableEvidence,
  VIES_TRANSIENT_ERRORS,
  viesParts,
  type VatIdCheck,
  type VatIdEvidence,
} from './domain/vat-id-check';

/**
 * A client of the EU's VIES REST service (POST {VIES_URL}/check-vat-number). The production base URL is
 * https://ec.europa.eu/taxation_customs/vies/rest-api; development and tests point VIES_URL at the sandbox.
 * It knows no database: confirmations are kept by whoever passes a store.
 */
export const VIES_PRODUCTION_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

/** Where confirmations are kept (the worker's is a table beside the contacts). */
export interface VatIdEvidenceStore {
  latest(vatId: string): Promise<VatIdEvidence | null>;
  save(evidence: VatIdEvidence): Promise<void>;
}

export interface ViesClientOptions {
  baseUrl: string;
  /** The shop's own USt-IdNr.: VIES then answers with a request identifier. */
  requester?: string | null;
  store?: VatIdEvidenceStore;
  now?: () => number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The request body of check-vat-number. */
export interface ViesCheckRequest {
  countryCode: string;
  vatNumber: string;
  requesterMemberStateCode?: string;
  requesterNumber?: string;
}

/** Its answer: the check, or `actionSucceed: false` with the reasons (VIES sends these with 200 as well as 4xx/5xx). */
export interface ViesCheckResponse {
  countryCode?: string;
  vatNumber?: string;
  requestDate?: string;
  valid?: boolean;
  requestIdentifier?: string;
  name?: string;
  address?: string;
  actionSucceed?: false;
  errorWrappers?: { error: string; message?: string }[];
}

/** VIES writes "---" where it has no name or address to share. */
const orNull = (v: string | undefined) => (v && v.trim() && v.trim() !== '---' ? v.trim() : null);

/**
 * Asks VIES about one ID, or takes a confirmation from the store that is less than a day old. "Not now" answers
 * (a member state down, VIES busy, no connection) come back as `unavailable`, never thrown, so the order can wait.
 */
export async function checkVatId(raw: string, opts: ViesClientOptions): Promise<VatIdCheck> {
  const vatId = normalizeVatId(raw);
  const now = opts.now ?? Date.now;
  const kept = reusableEvidence((await opts.store?.latest(vatId)) ?? null, now());
  if (kept) return { status: 'answered', evidence: kept };

  const requester = opts.requester ? viesParts(normalizeVatId(opts.requester)) : null;
  const body: ViesCheckRequest = {
    ...viesParts(vatId),
    ...(requester ? { requesterMemberStateCode: requester.countryCode, requesterNumber: requester.vatNumber } : {}),
  };
  let answer: ViesCheckResponse;
  try {
    const res = await (opts.fetch ?? fetch)(`${opts.baseUrl.replace(/\/$/, '')}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    answer = (await res.json().catch(() => ({
      actionSucceed: false,
      errorWrappers: [{ error: res.ok ? 'SERVICE_UNAVAILABLE' : `HTTP_${res.status}` }],
    }))) as ViesCheckResponse;
    if (!res.ok && !answer.errorWrappers?.length)
      answer = {
        actionSucceed: false,
        errorWrappers: [{ error: 'SERVICE_UNAVAILABLE', message: `HTTP ${res.status}` }],
      };
  } catch (error) {
    return { status: 'unavailable', vatId, error: 'NETWORK', message: (error as Error).message };
  }

  const failure = answer.errorWrappers?.[0];
  if (failure) {
    // A requester VIES does not accept must not hold up the buyer's check: ask again without one.
    if (failure.error === 'INVALID_REQUESTER_INFO' && requester) return checkVatId(vatId, { ...opts, requester: null });
    if (VIES_TRANSIENT_ERRORS.includes(failure.error) || failure.error.startsWith('HTTP_5'))
      return { status: 'unavailable', vatId, error: failure.error, message: failure.message ?? failure.error };
    // INVALID_INPUT, VAT_BLOCKED and the like: VIES will not confirm this ID.
    const evidence = invalidEvidence(vatId, now(), failure.error);
    await opts.store?.save(evidence);
    return { status: 'answered', evidence };
  }
  if (typeof answer.valid !== 'boolean')
    return { status: 'unavailable', vatId, error: 'SERVICE_UNAVAILABLE', message: 'VIES answered without "valid"' };
  const evidence: VatIdEvidence = {
    vatId,
    valid: answer.valid,
    requestDate: answer.requestDate ?? new Date(now()).toISOString(),
    requestIdentifier: orNull(answer.requestIdentifier),
    name: orNull(answer.name),
    address: orNull(answer.address),
    checkedAt: new Date(now()).toISOString(),
    cached: false,
  };
  await opts.store?.save(evidence);
  return { status: 'answered', evidence };
}

function invalidEvidence(vatId: string, now: number, error: string): VatIdEvidence {
  const at = new Date(now).toISOString();
  return {
    vatId,
    valid: false,
    requestDate: at,
    requestIdentifier: null,
    name: null,
    address: null,
    checkedAt: at,
    cached: false,
    refusal: error,
  };
}
