import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockActivityEnvironment } from '@temporalio/testing';
import { ApplicationFailure } from '@temporalio/common';
import { claimMailSend, createSecretBox, mailStore, saveShopInstall, type Db } from '@belegfluss/db';
import {
  createTestDatabase,
  documentsTable,
  mailSendsTable,
  ordersTable,
  shopPreferencesTable,
} from '@belegfluss/db/testing';
import type { MailDeps } from '@belegfluss/mail';
import { readSettings } from '@belegfluss/shared/settings';
import { mailDocument } from './mail';

// Real PostgreSQL; these cases end before any Lexware or SMTP call (the sending itself is
// tested in @belegfluss/mail and end to end in e2e/src/mail.test.ts).
const SHOP = 'mail-activity.myshopify.com';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let deps: MailDeps;
const settings = readSettings();

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  deps = {
    store: mailStore(db, createSecretBox(settings.encryptionKey)),
    lexware: settings.lexware,
    mail: settings.mail,
  };
  await saveShopInstall(db, { shopId: SHOP, tokenEnc: 'x', scopes: [] });
});
afterAll(async () => database?.drop());

async function invoice(orderId: number): Promise<string> {
  const snapshot = {
    id: orderId,
    name: `#${orderId}`,
    email: 'erika@example.de',
    created_at: '2026-11-20T10:00:00Z',
    currency: 'EUR',
    total_price: '11.90',
    line_items: [],
  };
  await ordersTable.insert(db, {
    shopId: SHOP,
    orderId: String(orderId),
    name: snapshot.name,
    createdAt: snapshot.created_at,
    updatedAt: snapshot.created_at,
    total: 11.9,
    currency: 'EUR',
    snapshot: JSON.stringify(snapshot),
  });
  const [row] = await documentsTable.insert(db, {
    shopId: SHOP,
    orderId: String(orderId),
    orderName: `#${orderId}`,
    type: 'invoice',
    intentKey: `invoice:${orderId}`,
    lexwareId: `lx-${orderId}`,
    status: 'open',
  });
  return row!.id;
}

const run = (documentId: string) =>
  new MockActivityEnvironment().run(mailDocument, deps, SHOP, documentId).catch((e: unknown) => e);

describe('the sendDocumentMail activity', () => {
  it('answers the outcome when the shop does not mail', async () => {
    expect(await run(await invoice(1))).toEqual({ outcome: 'disabled' });
  });

  it('fails for good when the document does not exist', async () => {
    const error = await run('00000000-0000-4000-8000-000000000000');
    expect(error).toBeInstanceOf(ApplicationFailure);
    expect(error).toMatchObject({ type: 'MAIL_NOT_FOUND', nonRetryable: true });
  });

  it('asks Temporal to try again while another attempt holds the claim', async () => {
    await shopPreferencesTable.insert(db, {
      shopId: SHOP,
      section: 'invoices',
      value: JSON.stringify({ invoiceSendMail: { enabled: true } }),
    });
    const doc = await invoice(2);
    await claimMailSend(db, { shopId: SHOP, documentId: doc, intent: 'auto', recipient: 'erika@example.de' });
    const error = await run(doc);
    expect(error).toMatchObject({ type: 'MAIL_IN_PROGRESS', nonRetryable: false });
    expect(await mailSendsTable.list(db, { documentId: doc })).toMatchObject([{ status: 'claimed', attempts: 1 }]);
  });
});
