/**
 * Local ports and development defaults, in one place. Every service reads its
 * settings from the environment and falls back to these, so a fresh clone runs
 * with no configuration at all. Production sets every variable (see README).
 */
export const DEV_PORTS = {
  sandboxControl: 4000, // sandbox control page and its HTTP API
  sandboxShopify: 4010, // Shopify Admin API stand-in
  sandboxLexware: 4020, // Lexware Office API and OAuth stand-in
  sandboxPayPal: 4030, // PayPal REST API stand-in (OAuth, Payouts, webhook checks)
  sandboxSmtp: 2525, // SMTP stand-in (plain / STARTTLS)
  sandboxSmtps: 2465, // SMTP stand-in (implicit TLS)
  gateway: 8080,
  shell: 3000,
  preferences: 3001,
  partner: 3002,
  admin: 3003,
  temporal: 7233,
  temporalUi: 8233,
} as const;

/**
 * The Admin API version the app is written for, in production as in development: its GraphQL documents are
 * checked against Shopify's published schema of this version, and shopify.app.toml's `[webhooks] api_version`
 * must name it too. Shopify supports a version for twelve months, so it moves forward at least once a year.
 */
export const SHOPIFY_API_VERSION = '2026-07';

export const DEV_DEFAULTS = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/belegfluss',
  temporalAddress: `127.0.0.1:${DEV_PORTS.temporal}`,
  temporalNamespace: 'default',
  taskQueue: 'belegfluss-orders',
  shopifyApiKey: 'belegfluss-dev-api-key',
  shopifyApiSecret: 'belegfluss-dev-api-secret',
  /** `{shop}` is replaced by the shop domain; production: `https://{shop}`. */
  shopifyAdminUrl: `http://127.0.0.1:${DEV_PORTS.sandboxShopify}/store/{shop}`,
  lexwareApiUrl: `http://127.0.0.1:${DEV_PORTS.sandboxLexware}/v1`,
  lexwareOauthUrl: `http://127.0.0.1:${DEV_PORTS.sandboxLexware}/oauth2`,
  lexwareClientId: 'belegfluss-dev-client',
  lexwareClientSecret: 'belegfluss-dev-client-secret',
  appUrl: `http://127.0.0.1:${DEV_PORTS.gateway}`,
  shellUrl: `http://127.0.0.1:${DEV_PORTS.shell}`,
  /** 32 bytes, base64: the key that encrypts Lexware tokens and SMTP passwords at rest. */
  encryptionKey: 'ZGV2LW9ubHktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=',
  /** The app's default sender: the sandbox SMTP server; production names its relay (smtps://user:pass@host:465). */
  smtpUrl: `smtp://belegfluss:belegfluss@127.0.0.1:${DEV_PORTS.sandboxSmtp}`,
  mailFrom: 'Belegfluss <belege@belegfluss.local>',
  /** Partner payouts: PayPal's REST API (the sandbox's stand-in; production https://api-m.paypal.com). */
  paypalApiUrl: `http://127.0.0.1:${DEV_PORTS.sandboxPayPal}`,
  paypalClientId: 'belegfluss-dev-paypal-client',
  paypalClientSecret: 'belegfluss-dev-paypal-secret',
  /** The id PayPal gave the app's webhook subscription; webhooks are verified against it. */
  paypalWebhookId: 'WH-BELEGFLUSS-DEV',
  /** The EU's VIES REST service (the sandbox's stand-in on its control port; production VIES_PRODUCTION_URL). */
  viesUrl: `http://127.0.0.1:${DEV_PORTS.sandboxControl}/taxation_customs/vies/rest-api`,
  /** The account SEPA payouts are paid from (the pain.001 debtor). */
  sepaDebtorName: 'Belegfluss GmbH',
  sepaDebtorIban: 'DE02120300000000202051',
  sepaDebtorBic: 'BYLADEM1001',
} as const;

export function env(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value === '' ? fallback : value;
}
