import type { Client } from '@temporalio/client';
import type { Db, SecretBox } from '@belegfluss/db';
import type { LexwareDeps } from '@belegfluss/lexware';
import type { DefaultSender } from '@belegfluss/mail';
import type { DocumentFileLimits, Settings } from '@belegfluss/shared/settings';
import type { ShopifyAdminDeps } from '@belegfluss/shopify';

/**
 * Everything the worker's activities need, built once by the worker. Each factory names the part it uses
 * (`Pick<ActivityDeps, …>`), so a test hands over only that part, and a new dependency is added here once.
 */
export interface ActivityDeps {
  db: Db;
  box: SecretBox;
  lexware: LexwareDeps;
  shopify: ShopifyAdminDeps;
  /** The gateway's public URL, for the document links written to metafields. */
  appUrl: string;
  mail: DefaultSender;
  /** The bound of the kept document files the mail's attachments share with the download links. */
  documentFiles: DocumentFileLimits;
  /** Billing and housekeeping start and signal other workflows: the worker's connection as a client. */
  temporal: Client;
  /** The live task queue (the background queue's name is derived from it). */
  taskQueue: string;
  payouts: Settings['payouts'];
  /** The VAT ID check's VIES service; tests without one get the sandbox's on its development port. */
  vies?: ViesDeps;
}

/** The VIES service's address, and how long an order waits before it asks again while VIES is down. */
export interface ViesDeps {
  url: string;
  retrySeconds: number;
}
