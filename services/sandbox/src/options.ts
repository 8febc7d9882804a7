import { DEV_DEFAULTS, DEV_PORTS, SHOPIFY_API_VERSION } from '@belegfluss/shared/config';
import { fileURLToPath } from 'node:url';
import pino, { type Logger } from 'pino';
import { findAppConfig, readAppConfig, type AppConfig } from '@belegfluss/shopify';
import { SHOPIFY_RETRY_DELAYS_MS } from './shopify/webhooks.js';
import type { Knobs } from './state.js';

export interface SandboxPorts {
  control: number;
  shopify: number;
  lexware: number;
  paypal: number;
  smtp: number;
  smtps: number;
}

export interface SandboxOptions {
  /** 0 picks a free port; the actual URLs come back from startSandbox. */
  ports?: Partial<SandboxPorts>;
  host?: string;
  appUrl?: string;
  appSecret?: string;
  apiKey?: string;
  apiVersion?: string;
  lexwareClientId?: string;
  lexwareClientSecret?: string;
  dataDir?: string;
  log?: Logger | false;
  webhookRetryDelaysMs?: number[];
  webhookTimeoutMs?: number;
  /** Lexware retries callbacks after 10, 20, 40, 80 and 160 s; tests shorten this. */
  lexwareEventRetryDelaysMs?: number[];
  /** false turns the SMTP servers off (tests that don't need them start faster). */
  smtp?: false | { auth?: { user: string; pass: string } | null };
  knobs?: { shopify?: Partial<Knobs['shopify']>; lexware?: Partial<Knobs['lexware']> };
  /**
   * The app's shopify.app.toml (a path, or already parsed); its app-specific subscriptions decide
   * what every installed shop delivers. Default: the project's own file at the repository root.
   */
  appConfig?: string | AppConfig;
}

export type ResolvedOptions = Required<
  Omit<SandboxOptions, 'dataDir' | 'log' | 'ports' | 'knobs' | 'smtp' | 'appConfig'>
> & {
  appConfig: AppConfig;
  dataDir?: string;
  log: Logger;
  ports: SandboxPorts;
  knobs: NonNullable<SandboxOptions['knobs']>;
  smtp: SandboxOptions['smtp'];
};

export function resolveOptions(o: SandboxOptions = {}): ResolvedOptions {
  const orFree = (devPort: number) => (o.ports?.control === 0 ? 0 : devPort);
  return {
    // A port left out follows the control port: a sandbox on a free control port (a test) takes free
    // ports for the rest too, so two tests never race for a development port one of them forgot to name.
    ports: {
      control: DEV_PORTS.sandboxControl,
      shopify: orFree(DEV_PORTS.sandboxShopify),
      lexware: orFree(DEV_PORTS.sandboxLexware),
      paypal: orFree(DEV_PORTS.sandboxPayPal),
      smtp: orFree(DEV_PORTS.sandboxSmtp),
      smtps: orFree(DEV_PORTS.sandboxSmtps),
      ...o.ports,
    },
    host: o.host ?? '127.0.0.1',
    appUrl: (o.appUrl ?? DEV_DEFAULTS.appUrl).replace(/\/$/, ''),
    appSecret: o.appSecret ?? DEV_DEFAULTS.shopifyApiSecret,
    apiKey: o.apiKey ?? DEV_DEFAULTS.shopifyApiKey,
    apiVersion: o.apiVersion ?? SHOPIFY_API_VERSION,
    lexwareClientId: o.lexwareClientId ?? DEV_DEFAULTS.lexwareClientId,
    lexwareClientSecret: o.lexwareClientSecret ?? DEV_DEFAULTS.lexwareClientSecret,
    dataDir: o.dataDir,
    log: o.log === false ? pino({ level: 'silent' }) : (o.log ?? pino({ name: 'sandbox' })),
    webhookRetryDelaysMs: o.webhookRetryDelaysMs ?? SHOPIFY_RETRY_DELAYS_MS,
    webhookTimeoutMs: o.webhookTimeoutMs ?? 5000,
    lexwareEventRetryDelaysMs: o.lexwareEventRetryDelaysMs ?? [10_000, 20_000, 40_000, 80_000, 160_000],
    smtp: o.smtp,
    knobs: o.knobs ?? {},
    appConfig: typeof o.appConfig === 'object' ? o.appConfig : readAppConfig(o.appConfig ?? projectAppConfig()),
  };
}

/** The repository's shopify.app.toml, found from the sandbox's own folder so the working directory does not matter. */
function projectAppConfig(): string {
  const path = findAppConfig(fileURLToPath(new URL('.', import.meta.url)));
  if (!path)
    throw new Error('shopify.app.toml nicht gefunden: die Sandbox liefert Webhooks nur für abonnierte Themen.');
  return path;
}
