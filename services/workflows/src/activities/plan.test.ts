import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveShopInstall } from '@belegfluss/db';
import { createTestDatabase, eventLogTable, shopsTable } from '@belegfluss/db/testing';
import { describeLogEntry, featureRequiredMessage } from '@belegfluss/shared';
import { assertImportAllowed } from './plan';

/** The historical import after a downgrade to Free stops in the worker too, with its reason in the log. */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const SHOP = 'import-abgestuft.myshopify.com';

beforeAll(async () => {
  database = await createTestDatabase();
  await saveShopInstall(database.db, { shopId: SHOP, tokenEnc: 'x', scopes: [] });
});
afterAll(async () => database?.drop());

describe('the historical import and the plan', () => {
  it('reads on a paid plan and stops on Free with a German reason that no retry changes', async () => {
    await shopsTable.update(database.db, { id: SHOP }, { planId: 'standard' });
    await expect(assertImportAllowed(database.db, SHOP, '2026-01-05')).resolves.toBeUndefined();

    await shopsTable.update(database.db, { id: SHOP }, { planId: 'free' });
    await expect(assertImportAllowed(database.db, SHOP, '2026-01-05')).rejects.toMatchObject({
      type: 'PLAN_FEATURE',
      nonRetryable: true,
      message: featureRequiredMessage('orderImport'),
    });
    const entry = await eventLogTable.one(database.db, { shopId: SHOP, event: 'plan.feature.withheld' });
    expect(describeLogEntry({ origin: entry.origin, event: entry.event, body: entry.body }).text).toBe(
      '„Import älterer Bestellungen“ ist im Tarif Free nicht enthalten: der Import vom 05.01.2026 wurde abgebrochen. Verfügbar ab dem Tarif Basic',
    );
  });
});
