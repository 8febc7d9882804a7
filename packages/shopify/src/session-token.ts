import { jwtVerify, SignJWT } from 'jose';
import { isShopDomain } from './hmac';

export interface SessionClaims {
  shop: string;
  userId: string | null;
  sessionId: string | null;
}

/**
 * Verifies an App Bridge session token: HS256 with the app secret, `aud` is our API
 * key, `exp`/`nbf` with Shopify's 10 s of clock skew, and `dest` names the shop.
 * The shop of a request comes from here and nowhere else.
 */
export async function verifySessionToken(
  token: string,
  opts: { apiKey: string; apiSecret: string },
): Promise<SessionClaims> {
  const { payload } = await jwtVerify(token, new TextEncoder().encode(opts.apiSecret), {
    algorithms: ['HS256'],
    audience: opts.apiKey,
    clockTolerance: 10,
    requiredClaims: ['exp', 'nbf', 'dest', 'iss'],
  });
  const dest = new URL(String(payload.dest)).hostname;
  const iss = new URL(String(payload.iss)).hostname;
  if (!isShopDomain(dest) || iss !== dest) throw new Error('dest and iss must name the same shop');
  return { shop: dest, userId: payload.sub ?? null, sessionId: typeof payload.sid === 'string' ? payload.sid : null };
}

/** Signs a token the way App Bridge does; the sandbox and the tests use it. */
export async function signSessionToken(
  shop: string,
  opts: { apiKey: string; apiSecret: string; userId?: string; ttlSeconds?: number },
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ dest: `https://${shop}`, sid: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`https://${shop}/admin`)
    .setAudience(opts.apiKey)
    .setSubject(opts.userId ?? '1')
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + (opts.ttlSeconds ?? 60))
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(opts.apiSecret));
}
