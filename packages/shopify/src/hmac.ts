import { createHmac, timingSafeEqual } from 'node:crypto';

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `X-Shopify-Hmac-Sha256`: base64 HMAC-SHA256 of the raw body, compared in constant time. */
export function verifyWebhookHmac(rawBody: Buffer | string, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  return safeEqual(createHmac('sha256', secret).update(rawBody).digest('base64'), header);
}

export function signWebhook(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** The hex HMAC of every query parameter but `hmac` (and `signature`), sorted by name. */
export function queryHmac(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

export function verifyQueryHmac(params: Record<string, string>, secret: string): boolean {
  return typeof params.hmac === 'string' && safeEqual(queryHmac(params, secret), params.hmac);
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
export const isShopDomain = (shop: unknown): shop is string => typeof shop === 'string' && SHOP_DOMAIN.test(shop);
