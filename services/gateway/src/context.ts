import type { Client } from '@temporalio/client';
import type { Db, SecretBox } from '@belegfluss/db';
import type { Settings } from '@belegfluss/shared/settings';
import type { Logger } from 'pino';
import type { KeyObject } from 'node:crypto';
import type { GatewayOptions } from './config';
import type { RateLimits } from './rate-limit';
import type { Dispatcher } from './signal';
import type { InstalledShops } from './installed-shops';
import type { InboxWriter } from './inbox-writer';
import type { Background } from './background';
import type { WebhookBodies } from './webhook-bodies';

/** What every route needs, built once in main.ts (or by a test). */
export interface GatewayContext {
  db: Db;
  box: SecretBox;
  temporal: Client;
  settings: Settings;
  /** Gateway-only settings: shop lists, Lexware's event key. */
  options: GatewayOptions;
  /** Lexware's event-signing key (from the PEM setting or fetched once from its URL). */
  lexwareEventKey: () => Promise<KeyObject | undefined>;
  log: Logger;
  /** The webhook inbox's group commit. */
  inbox: InboxWriter;
  /** The bound on Shopify webhook bodies held at once. */
  webhookBodies: WebhookBodies;
  /** Installed shops, remembered briefly for the webhook route. */
  installedShops: InstalledShops;
  /** Hands recorded webhooks to their workflows in the background. */
  dispatcher: Dispatcher;
  /** Per-shop and per-address limits of the calls that can be abused in a loop. */
  limits: RateLimits;
  /** Work requests start without waiting for it; stopping the gateway lets it finish first. */
  background: Background;
}
