import { formatMoney, formatPercent, isApiError } from '@belegfluss/frontend-kit';
import { COUPON_MESSAGES } from '@belegfluss/shared';

/** Upper case, spaces become hyphens, at most 20 characters. */
export const COUPON_MAX_LENGTH = 20;

/**
 * Keeps what the field's help allows, capitals, digits and hyphens, as the gateway's check does: anything else
 * (an emoji counted as two characters, an umlaut) could only be refused later, after eating into the 20.
 */
export function normalizeCoupon(input: string): string {
  return input
    .toUpperCase()
    .replace(/ /g, '-')
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, COUPON_MAX_LENGTH);
}

/** The redeem button is enabled only for codes longer than 3 characters. */
export function canRedeem(code: string): boolean {
  return code.length > 3;
}

/** The coupon errors' texts, keyed by the error code the gateway answers (the texts live in packages/shared); '_' is the default. */
export const COUPON_ERRORS: Record<string, string> = { _: COUPON_MESSAGES.INVALID, ...COUPON_MESSAGES };

export const SAD_EMOJIS = ['😢', '😞', '😔', '🙁', '😕', '😟', '🥺'] as const;

export function sadEmoji(random: () => number = Math.random): string {
  return SAD_EMOJIS[Math.floor(random() * SAD_EMOJIS.length)] ?? '😢';
}

/** Each coupon error text is followed by a random sad emoji. */
export function couponErrorText(code: keyof typeof COUPON_ERRORS | string, random?: () => number): string {
  return `${COUPON_ERRORS[code] ?? COUPON_ERRORS._} ${sadEmoji(random)}`;
}

/**
 * The failure answer is "text containing an error code". Returns the code, or
 * undefined when the answer is not about the coupon at all (server down, route
 * missing), which the dialog then reports as it is.
 */
export function couponErrorCode(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const text = `${error.code ?? ''} ${error.message}`;
  const known = Object.keys(COUPON_ERRORS).find((code) => code !== '_' && new RegExp(`\\b${code}\\b`).test(text));
  if (known) return known;
  if (error.status === 0 || error.status >= 500 || (error.status === 404 && !error.code)) return undefined;
  return '_';
}

/** What a valid coupon is worth. */
export interface Coupon {
  code: string;
  type: 'percent' | 'amount';
  value: number;
  intervals?: number;
  plans?: string[];
  comment?: string;
  /** The gateway's sentence for what the coupon takes off on each billing interval. */
  terms?: { monthly: string; annual: string };
}

/**
 * The coupon banner's title: the discount as the chosen interval bills it. The gateway says
 * that, since a coupon's months mean something else on an annual plan; only an answer without
 * it falls back to the bare value.
 */
export function couponLabel(coupon: Coupon, annual: boolean): string {
  const value = coupon.type === 'percent' ? formatPercent(coupon.value / 100) : formatMoney(coupon.value);
  const terms = coupon.terms ? (annual ? coupon.terms.annual : coupon.terms.monthly) : `${value} Rabatt`;
  return `Coupon ${coupon.code}: ${terms}`;
}

const USED_KEY = 'App:coupons:used';

export function locallyUsedCoupons(): string[] {
  try {
    const list = JSON.parse(window.localStorage.getItem(USED_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberUsedCoupon(code: string): void {
  try {
    window.localStorage.setItem(USED_KEY, JSON.stringify([...new Set([...locallyUsedCoupons(), code])]));
  } catch {
    // Only a convenience; the server checks again.
  }
}
