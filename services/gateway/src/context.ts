import type { Client } from '@temporalio/client';
import type { Db, SecretBox } from '@belegfluss/db';
import type { Settings } from '@belegfluss/shared/settings';
import type { Logger } from 'pino';

/** What every route needs, built once in main.ts (or by a test). */
export interface GatewayContext {
  db: Db;
  box: SecretBox;
  temporal: Client;
  settings: Settings;
  log: Logger;
}
