import { DEV_DEFAULTS } from '@belegfluss/shared/config';
import type { Publish } from './lexware/contacts.js';
import { LexwareEvents } from './lexware/events.js';
import { loadOrCreateKeys, type KeyPair } from './lexware/signing.js';
import { TokenBuckets } from './lexware/rate-limit.js';
import type { ResolvedOptions } from './options.js';
import { PayPalPayouts } from './paypal/payouts.js';
import { PayPalWebhooks } from './paypal/webhooks.js';
import { OrderService } from './shopify/orders/service.js';
import { WebhookDispatcher } from './shopify/webhooks.js';
import type { MailSettings } from './smtp/server.js';
import type { SandboxState } from './state.js';
import { ViesRegister } from './vies/register.js';

export interface SandboxUrls {
  control: string;
  shopify: string;
  /** Replace {shop} with the shop domain, as DEV_DEFAULTS.shopifyAdminUrl does. */
  shopifyAdmin: string;
  lexware: string;
  lexwareApi: string;
  lexwareOauth: string;
  /** PayPal's REST API at the root, as PAYPAL_API_URL. */
  paypal: string;
  /** VIES's REST interface on the control port, as VIES_URL. */
  vies: string;
  smtp?: { host: string; port: number; securePort: number };
}

/** Everything the routers share: state, options and the services that act on both. */
export class Sandbox {
  readonly webhooks: WebhookDispatcher;
  readonly orders: OrderService;
  readonly buckets: TokenBuckets;
  urls: SandboxUrls = {
    control: '',
    shopify: '',
    shopifyAdmin: '',
    lexware: '',
    lexwareApi: '',
    lexwareOauth: '',
    paypal: '',
    vies: '',
  };
  readonly keys: KeyPair;
  readonly mailSettings: MailSettings;
  smtpCert?: string;
  readonly events: LexwareEvents;
  /** Lexware domain events go out as signed callbacks to the organisation's subscriptions. */
  readonly publish: Publish;
  /** PayPal's batches and items: its API port serves them, the control port moves them. */
  readonly paypal: PayPalPayouts;
  /** The VIES stand-in's registers: which VAT IDs are valid, which member states are down. */
  readonly vies = new ViesRegister();

  constructor(
    public state: SandboxState,
    readonly opts: ResolvedOptions,
  ) {
    this.webhooks = new WebhookDispatcher(state, {
      appUrl: opts.appUrl,
      appSecret: opts.appSecret,
      apiVersion: opts.apiVersion,
      appConfig: opts.appConfig,
      retryDelaysMs: opts.webhookRetryDelaysMs,
      timeoutMs: opts.webhookTimeoutMs,
      log: opts.log,
    });
    this.orders = new OrderService(state, this.webhooks);
    this.buckets = new TokenBuckets(() => this.state.knobs.lexware.rateLimitPerSecond);
    this.keys = loadOrCreateKeys(opts.dataDir);
    this.mailSettings = { auth: opts.smtp ? (opts.smtp.auth ?? null) : null, requireTls: false };
    this.events = new LexwareEvents(state, this.keys.privateKey, opts.lexwareEventRetryDelaysMs, opts.log);
    this.publish = (org, eventType, resourceId) => this.events.publish(org, eventType, resourceId);
    const paypalWebhooks = new PayPalWebhooks({
      appUrl: opts.appUrl,
      webhookId: DEV_DEFAULTS.paypalWebhookId,
      origin: () => this.urls.paypal,
      log: (msg) => opts.log.warn(msg),
    });
    this.paypal = new PayPalPayouts(paypalWebhooks, () => this.urls.paypal);
  }
}
