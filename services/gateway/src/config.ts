import { createPublicKey, type KeyObject } from 'node:crypto';
import { findAppConfig, readAppConfig, type AppConfig } from '@belegfluss/shopify';
import { readStaff } from '@belegfluss/shared/settings';
import type { StaffMember } from '@belegfluss/shared';

/**
 * Settings only the gateway reads (the shared Settings cover what the worker needs too).
 * Shop lists are comma-separated myshopify domains (the isShopify and isDev flags); admin rights
 * belong to the people in `staff` (see readStaff).
 */
export interface GatewayOptions {
  /** SUPPORT_STAFF and OPERATOR_STAFF. */
  staff: StaffMember[];
  shopifyShops: string[];
  devShops: string[];
  /** PEM of Lexware's event-signing key (LEXWARE_EVENT_PUBLIC_KEY). */
  lexwareEventPublicKey?: string;
  /** Where to fetch it when no PEM is set, for development against the sandbox (LEXWARE_EVENT_PUBLIC_KEY_URL). */
  lexwareEventPublicKeyUrl?: string;
  /** The Temporal UI, for links from the admin area (TEMPORAL_UI_URL; the local dev server's UI by default). */
  temporalUiUrl?: string;
  /**
   * The deployed shopify.app.toml (SHOPIFY_APP_CONFIG, else the nearest one above the working
   * directory): topics it declares reach every shop; the others are registered per shop.
   */
  appConfig?: AppConfig;
  /** Where the help contact form's requests are mailed, through the default sender (SUPPORT_EMAIL). */
  supportEmail?: string;
  /** The Impressum (§ 5 DDG) from IMPRINT_*; required in production. */
  imprint?: Imprint;
  /**
   * How many proxies in front of the gateway append to X-Forwarded-For (TRUSTED_PROXY_HOPS): the client's
   * address is the entry that many from the right. 0 ignores the header.
   */
  trustedProxyHops?: number;
  /** Shopify webhook bodies held in memory at once (WEBHOOK_MAX_BODIES); more are answered 503 unread. */
  webhookMaxBodies?: number;
}

/**
 * The shipped set-up: the README's TLS proxy, then the shell's nginx, which forwards /api/ to the gateway.
 * Counting one proxy too few keys every client on the TLS proxy's address; one too many lets a client
 * choose its own address by sending the header.
 */
export const DEFAULT_TRUSTED_PROXY_HOPS = 2;

function readProxyHops(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_TRUSTED_PROXY_HOPS;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`TRUSTED_PROXY_HOPS muss eine ganze Zahl von 0 bis 10 sein, nicht "${value}".`);
  return hops;
}

/**
 * Each body may be 10 MB, so this bounds the memory a flood of webhooks takes (640 MB at worst); the project's
 * burst benches (50 connections at once) stay below it.
 */
export const DEFAULT_WEBHOOK_MAX_BODIES = 64;

function webhookMaxBodies(env: NodeJS.ProcessEnv): number {
  const value = env.WEBHOOK_MAX_BODIES?.trim();
  if (!value) return DEFAULT_WEBHOOK_MAX_BODIES;
  if (!/^[1-9]\d*$/.test(value))
    throw new Error(`WEBHOOK_MAX_BODIES muss eine ganze Zahl ab 1 sein, nicht „${value}“.`);
  return Number(value);
}

export interface Imprint {
  name: string;
  address: string;
  email: string;
  phone: string | null;
  representative: string | null;
  register: string | null;
  vatId: string | null;
}

/** What the Impressum must name at least: the provider, a postal address and a quick way to reach them. */
const IMPRINT_REQUIRED = ['IMPRINT_NAME', 'IMPRINT_ADDRESS', 'IMPRINT_EMAIL'] as const;

/**
 * The Impressum from configuration. In production (NODE_ENV=production) a missing required value
 * stops the gateway at start, so the app never goes live with a placeholder; elsewhere the
 * development values say plainly that they are not a real provider.
 */
export function readImprint(env: NodeJS.ProcessEnv): Imprint {
  const value = (name: string) => env[name]?.replaceAll('\\n', '\n').trim() || null;
  const missing = IMPRINT_REQUIRED.filter((name) => !value(name));
  if (missing.length > 0 && env.NODE_ENV === 'production') {
    throw new Error(`Impressum fehlt: ${missing.join(', ')} muss in Produktion gesetzt sein.`);
  }
  return {
    name: value('IMPRINT_NAME') ?? 'Belegfluss (Entwicklungsumgebung, kein Anbieter)',
    address: value('IMPRINT_ADDRESS') ?? 'Keine Anschrift hinterlegt (Entwicklungsumgebung)',
    email: value('IMPRINT_EMAIL') ?? (env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL),
    phone: value('IMPRINT_PHONE'),
    representative: value('IMPRINT_REPRESENTATIVE'),
    register: value('IMPRINT_REGISTER'),
    vatId: value('IMPRINT_VAT_ID'),
  };
}

export const DEFAULT_SUPPORT_EMAIL = 'support@belegfluss.local';

export const DEFAULT_TEMPORAL_UI_URL = 'http://127.0.0.1:8233';

const shopList = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

export function readGatewayOptions(env: NodeJS.ProcessEnv = process.env): GatewayOptions {
  return {
    staff: readStaff(env),
    shopifyShops: shopList(env.SHOPIFY_STAFF_SHOPS),
    devShops: shopList(env.DEV_SHOPS),
    // A PEM in one env line often has literal "\n"s.
    lexwareEventPublicKey: env.LEXWARE_EVENT_PUBLIC_KEY?.replaceAll('\\n', '\n') || undefined,
    lexwareEventPublicKeyUrl: env.LEXWARE_EVENT_PUBLIC_KEY_URL || undefined,
    temporalUiUrl: env.TEMPORAL_UI_URL?.replace(/\/+$/, '') || DEFAULT_TEMPORAL_UI_URL,
    appConfig: appConfigFrom(env),
    supportEmail: env.SUPPORT_EMAIL?.trim() || DEFAULT_SUPPORT_EMAIL,
    imprint: readImprint(env),
    trustedProxyHops: readProxyHops(env.TRUSTED_PROXY_HOPS),
    webhookMaxBodies: webhookMaxBodies(env),
  };
}

function appConfigFrom(env: NodeJS.ProcessEnv): AppConfig | undefined {
  const path = env.SHOPIFY_APP_CONFIG || findAppConfig();
  return path ? readAppConfig(path) : undefined;
}

export function shopFlags(options: GatewayOptions, shop: string) {
  const s = shop.toLowerCase();
  return {
    isShopify: options.shopifyShops.includes(s),
    isDev: options.devShops.includes(s),
  };
}

/**
 * Lexware's public key, from the PEM setting or fetched once from the URL. A failed fetch
 * is not cached, so the next event tries again.
 */
export function publicKeyLoader(options: GatewayOptions): () => Promise<KeyObject | undefined> {
  let cached: Promise<KeyObject | undefined> | undefined;
  return () => {
    if (options.lexwareEventPublicKey) {
      cached ??= Promise.resolve(createPublicKey(options.lexwareEventPublicKey));
      return cached;
    }
    if (!options.lexwareEventPublicKeyUrl) return Promise.resolve(undefined);
    cached ??= fetch(options.lexwareEventPublicKeyUrl)
      .then(async (res) => {
        if (!res.ok) throw new Error(`public key answered ${res.status}`);
        return createPublicKey(await res.text());
      })
      .catch((error: unknown) => {
        cached = undefined;
        throw error;
      });
    return cached;
  };
}
