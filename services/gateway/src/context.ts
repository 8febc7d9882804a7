import type { Client } from '@temporalio/client';
import type { Db, SecretBox } from '@belegfluss/db';
import type { Settings } from '@belegfluss/shared/settings';
import type { Logger } from 'pino';
import type { Dispatcher } from './signal';

/** What every route needs, built once in main.ts (or by a test). */
export interface GatewayContext {
  db: Db;
  box: SecretBox;
  temporal: Client;
  settings: Settings;
  log: Logger;
  /** Hands recorded webhooks to their workflows in the background. */
  dispatcher: Dispatcher;
}
