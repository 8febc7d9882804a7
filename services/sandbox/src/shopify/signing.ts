import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * Shopify's query HMAC: hex HMAC-SHA256 over the other parameters, sorted, joined as a query string.
 * Written apart from packages/shopify on purpose: the stand-in signs the way Shopify does, so a
 * mistake in the app's verifier can't be mirrored here and pass unnoticed.
 */
export function queryHmac(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function signedQuery(params: Record<string, string>, secret: string): URLSearchParams {
  const q = new URLSearchParams(params);
  q.set('hmac', queryHmac(params, secret));
  return q;
}

/** The `host` parameter: base64 of "admin.shopify.com/store/{handle}", without padding. */
export function hostParam(shop: string): string {
  const handle = shop.replace('.myshopify.com', '');
  return Buffer.from(`admin.shopify.com/store/${handle}`).toString('base64').replace(/=+$/, '');
}

export interface SessionTokenOptions {
  shop: string;
  apiKey: string;
  apiSecret: string;
  userId?: string;
  ttlSeconds?: number;
}

/**
 * The staff user a token names when the caller picks none: like Shopify's, a numeric user id in `sub`,
 * so that the operator can list this person in SUPPORT_STAFF or OPERATOR_STAFF for local work.
 */
export const DEFAULT_STAFF_USER_ID = '73125004';

/** Signs a session token with the same claims App Bridge puts in one. */
export async function sessionToken(o: SessionTokenOptions): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ dest: `https://${o.shop}`, sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`https://${o.shop}/admin`)
    .setAudience(o.apiKey)
    .setSubject(o.userId ?? DEFAULT_STAFF_USER_ID)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + (o.ttlSeconds ?? 60))
    .setJti(randomUUID())
    .sign(new TextEncoder().encode(o.apiSecret));
}
