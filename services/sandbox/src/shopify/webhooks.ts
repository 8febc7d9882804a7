import { createHmac, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { declaredEndpoints, graphqlTopic, type AppConfig } from '@belegfluss/shopify';
import { CallbackSender } from '../http/callbacks.js';
import type { SandboxState, ShopState, WebhookDelivery } from '../state.js';
import { webhookPayload } from './webhook-payload.js';
import { servedApiVersion } from './api-versions.js';

export interface WebhookOptions {
  appUrl: string;
  appSecret: string;
  apiVersion: string;
  /** The project's shopify.app.toml: its app-specific subscriptions reach every shop the app is installed on. */
  appConfig: AppConfig;
  /** Shopify retries 8 times over 4 hours; tests pass a short schedule. */
  retryDelaysMs: number[];
  timeoutMs: number;
  log: Logger;
}

export const SHOPIFY_RETRY_DELAYS_MS = [60_000, 120_000, 300_000, 600_000, 1_200_000, 2_400_000, 3_600_000, 6_000_000];

const hasScope = (granted: readonly string[], scope: string) =>
  granted.includes(scope) || granted.includes(scope.replace('read_', 'write_'));

export function shopifyHmac(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

/**
 * Delivers webhooks like Shopify: signed, with the real headers, retried with the original payload.
 * Deliveries of one shop leave in the order they were emitted (unless the out-of-order knob says
 * otherwise), so tests are deterministic; a slow or failing app never blocks the control API.
 */
export class WebhookDispatcher {
  private chains = new Map<string, Promise<void>>();
  private sender: CallbackSender;

  constructor(
    private state: SandboxState,
    private opts: WebhookOptions,
  ) {
    // Shopify retries any answer that is not 2xx, and a timeout, with the original payload.
    this.sender = new CallbackSender({
      retryDelaysMs: opts.retryDelaysMs,
      timeoutMs: opts.timeoutMs,
      retried: () => true,
      log: opts.log,
    });
  }

  /** Emits the topics of one change; every topic gets its own event id and webhook id per target. */
  emit(shop: ShopState, events: Array<{ topic: string; payload: unknown }>): WebhookDelivery[] {
    const ordered = this.state.knobs.shopify.outOfOrder ? [...events].reverse() : events;
    const created: WebhookDelivery[] = [];
    for (const { topic, payload } of ordered) {
      const eventId = randomUUID();
      for (const { url, apiVersion } of this.targets(shop, topic)) {
        // Each subscription gets the body of its own API version.
        const body = JSON.stringify(
          webhookPayload(topic, payload, apiVersion, this.state.knobs.shopify.publishedNulls),
          (key, value: unknown) => (key.startsWith('_') ? undefined : value),
        );
        const delivery: WebhookDelivery = {
          webhookId: randomUUID(),
          eventId,
          topic,
          shop: shop.domain,
          url,
          triggeredAt: new Date().toISOString(),
          apiVersion,
          body,
          status: 'pending',
          attempts: [],
        };
        shop.deliveries.push(delivery);
        created.push(delivery);
        this.enqueue(shop.domain, delivery);
        if (Math.random() < this.state.knobs.shopify.duplicateRate) {
          // A duplicate keeps both ids, exactly as a Shopify redelivery does.
          const dup: WebhookDelivery = {
            ...delivery,
            attempts: [],
            status: 'pending',
            duplicateOf: delivery.webhookId,
          };
          shop.deliveries.push(dup);
          created.push(dup);
          this.enqueue(shop.domain, dup);
        }
      }
    }
    return created;
  }

  /** Sends a recorded delivery again with its original ids and payload, as Shopify's retries do. */
  redeliver(shop: ShopState, original: WebhookDelivery): WebhookDelivery {
    const copy: WebhookDelivery = { ...original, attempts: [], status: 'pending', duplicateOf: original.webhookId };
    shop.deliveries.push(copy);
    this.enqueue(shop.domain, copy);
    return copy;
  }

  /** Resolves when nothing is being sent right now (scheduled retries do not count). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.chains.values()]);
    await this.sender.settled();
  }

  stop(): void {
    this.sender.stop();
  }

  /**
   * Only what is subscribed is delivered, as by Shopify: the toml's app-specific subscriptions while
   * the app is installed (compliance topics and app/uninstalled also after), and the shop's own
   * GraphQL subscriptions. A topic nobody subscribed to goes nowhere.
   */
  private targets(shop: ShopState, topic: string): Array<{ url: string; apiVersion: string }> {
    const config = this.opts.appConfig;
    const afterUninstall = topic === 'app/uninstalled' || config.complianceTopics.some((c) => c.topic === topic);
    // Each subscription delivers on its own: an app-specific and a shop-specific one to the same URL send twice.
    // Shopify sends a return's topics only to an app granted read_returns, whoever subscribed.
    if (topic.startsWith('returns/') && !hasScope(shop.grantedScopes, 'read_returns')) return [];
    const targets =
      shop.installed || afterUninstall
        ? declaredEndpoints(config, topic, this.opts.appUrl).map((url) => ({
            url,
            // A retired api_version in the toml is delivered as the oldest supported one, as Shopify does.
            apiVersion: servedApiVersion(config.apiVersion) ?? config.apiVersion,
          }))
        : [];
    for (const sub of shop.webhookSubscriptions) {
      if (sub.topic === graphqlTopic(topic))
        targets.push({ url: sub.callbackUrl, apiVersion: sub.apiVersion ?? this.opts.apiVersion });
    }
    return targets;
  }

  /** Deliveries of one shop leave in order: each first try waits for the one before. */
  private enqueue(shopDomain: string, d: WebhookDelivery): void {
    const previous = this.chains.get(shopDomain) ?? Promise.resolve();
    this.chains.set(
      shopDomain,
      previous.then(() => this.sender.send(d, () => this.headers(d))),
    );
  }

  private headers(d: WebhookDelivery): Record<string, string> {
    return {
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': d.topic,
      'X-Shopify-Shop-Domain': d.shop,
      'X-Shopify-Hmac-Sha256': shopifyHmac(d.body, this.opts.appSecret),
      'X-Shopify-Webhook-Id': d.webhookId,
      'X-Shopify-Event-Id': d.eventId,
      'X-Shopify-Triggered-At': d.triggeredAt,
      'X-Shopify-API-Version': d.apiVersion,
    };
  }
}
