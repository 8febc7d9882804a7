import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import Router from '@koa/router';
import { readJson } from '../http/body.js';
import { lexwareTime } from '../time.js';
import { newerError, notAllowed, notNull, validationFailed, type Violation } from './errors.js';
import { lex } from './middleware.js';
import type { FinanceAccount, Organization } from './types.js';

const ACCOUNT_TYPES = ['GIRO', 'SAVINGS', 'FIXEDTERM', 'SECURITIES', 'LOAN', 'CREDITCARD', 'CASH', 'PAYMENT_PROVIDER'];
const MAX_BATCH = 25;

type Json = Record<string, unknown>;
type Tx = Organization['transactions'][string];

function validateTransaction(org: Organization, t: unknown, i: number): Violation[] {
  const f = `[${i}]`;
  if (typeof t !== 'object' || t === null) return [notNull(f)];
  const x = t as Json;
  const out: Violation[] = [];
  // transactionDate is required as well: the public partner client (pirabyte/laravel-lexware-office) always sends it.
  for (const key of ['valueDate', 'bookingDate', 'transactionDate', 'purpose', 'financialAccountId'])
    if (typeof x[key] !== 'string' || x[key] === '') out.push(notNull(`${f}.${key}`));
  if (typeof x.amount !== 'number') out.push(notNull(`${f}.amount`));
  if (typeof x.financialAccountId === 'string' && !org.financeAccounts[x.financialAccountId])
    out.push(notAllowed(`${f}.financialAccountId`, 'Konto existiert nicht'));
  return out;
}

function findTx(ctx: Context): Tx | undefined {
  const tx = lex(ctx).org.transactions[ctx.params.id ?? ''];
  if (!tx) newerError(ctx, 404, 'Not Found');
  return tx;
}

/** The partner finance API (not in the public docs): accounts and bank transactions. */
export function financeRouter(): Router {
  const router = new Router({ prefix: '/finance' });

  router.get('/accounts', (ctx) => {
    const q = ctx.query as Record<string, string | undefined>;
    ctx.body = Object.values(lex(ctx).org.financeAccounts).filter(
      (a) => (!q.iban || a.iban === q.iban) && (!q.externalReference || a.externalReference === q.externalReference),
    );
  });

  router.get('/accounts/:id', (ctx) => {
    const account = lex(ctx).org.financeAccounts[ctx.params.id ?? ''];
    if (!account) return newerError(ctx, 404, 'Not Found');
    ctx.body = account;
  });

  // Creating accounts is how an integration gets its PAYMENT_PROVIDER account; the control API can too.
  router.post('/accounts', async (ctx) => {
    const { org } = lex(ctx);
    const body = ((await readJson(ctx)) ?? {}) as Partial<FinanceAccount>;
    if (!body.type || !ACCOUNT_TYPES.includes(body.type)) return validationFailed(ctx, [notNull('type')]);
    const account: FinanceAccount = {
      financialAccountId: randomUUID(),
      type: body.type,
      accountSystem: body.accountSystem ?? 'MANUAL',
      name: body.name ?? body.type,
      externalReference: body.externalReference,
      iban: body.iban,
      lockVersion: 0,
      createdDate: lexwareTime(),
    };
    org.financeAccounts[account.financialAccountId] = account;
    ctx.status = 201;
    ctx.body = account;
  });

  router.post('/transactions', async (ctx) => {
    const { org } = lex(ctx);
    const body = await readJson(ctx);
    if (!Array.isArray(body) || body.length === 0) return validationFailed(ctx, [notNull('transactions')]);
    if (body.length > MAX_BATCH)
      return validationFailed(ctx, [
        { violation: 'SIZE', field: 'transactions', message: `Höchstens ${MAX_BATCH} Umsätze pro Aufruf` },
      ]);
    const details = body.flatMap((t: unknown, i) => validateTransaction(org, t, i));
    if (details.length) return validationFailed(ctx, details);
    const created = (body as Json[]).map((t) => {
      const tx = {
        ...t,
        financialTransactionId: randomUUID(),
        financialAccountId: String(t.financialAccountId),
        lockVersion: 0,
        createdDate: lexwareTime(),
      } as Tx;
      org.transactions[tx.financialTransactionId] = tx;
      return tx;
    });
    ctx.status = 201;
    ctx.body = created;
  });

  router.get('/transactions/latest-transaction', (ctx) => {
    const accountId = String(ctx.query.financialAccountId ?? '');
    const list = Object.values(lex(ctx).org.transactions).filter((t) => t.financialAccountId === accountId);
    const latest = list.sort((a, b) => String(a.bookingDate).localeCompare(String(b.bookingDate))).at(-1);
    if (!latest) return newerError(ctx, 404, 'Not Found');
    ctx.body = latest;
  });

  router.get('/transactions/:id', (ctx) => {
    const tx = findTx(ctx);
    if (tx) ctx.body = tx;
  });

  router.put('/transactions/:id', async (ctx) => {
    const tx = findTx(ctx);
    if (!tx) return;
    const body = ((await readJson(ctx)) ?? {}) as Json;
    if (body.lockVersion !== tx.lockVersion) return newerError(ctx, 409, 'lockVersion ist veraltet');
    const updated = {
      ...tx,
      ...body,
      financialTransactionId: tx.financialTransactionId,
      lockVersion: tx.lockVersion + 1,
    } as Tx;
    lex(ctx).org.transactions[tx.financialTransactionId] = updated;
    ctx.body = updated;
  });

  router.delete('/transactions/:id', (ctx) => {
    const tx = findTx(ctx);
    if (!tx) return;
    delete lex(ctx).org.transactions[tx.financialTransactionId];
    ctx.status = 204;
  });

  return router;
}
