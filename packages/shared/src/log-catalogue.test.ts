import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeLogEntry, LOG_EVENTS, REASON_SENTENCES, searchLogCatalogue } from './log-catalogue';
import { featuresTurnedOn, planFeatures, planIncludes } from './plan-features';

const root = new URL('../../..', import.meta.url).pathname;
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the event log catalogue', () => {
  it('has a sentence for every literal event the services write', () => {
    const written = new Set<string>();
    for (const dir of ['services/workflows/src', 'services/gateway/src', 'packages/mail/src']) {
      for (const file of sources(join(root, dir))) {
        for (const m of readFileSync(file, 'utf8').matchAll(/event: '([a-z_.]+)'/g)) written.add(m[1]!);
        for (const m of readFileSync(file, 'utf8').matchAll(/log\('([a-z_.]+)'/g)) written.add(m[1]!);
      }
    }
    const skippedWithReason = (e: string) => e.endsWith('.skipped');
    const missing = [...written].filter(
      (e) => !LOG_EVENTS.includes(e) && !skippedWithReason(e) && e !== 'transaction.hint.skipped',
    );
    expect(missing).toEqual([]);
  });

  it('turns reason codes into sentences with the setting behind them, never a bare code', () => {
    expect(
      describeLogEntry({
        origin: 'transaction',
        event: 'transaction.skipped',
        body: { reason: 'DISABLED_TRANSACTION_CREATE' },
      }),
    ).toEqual({
      text: 'Umsatz übersprungen, weil die Erstellung von Umsätzen ausgeschaltet ist',
      link: { url: '/preferences/transactions', label: 'Umsätze' },
    });
    for (const reason of Object.keys(REASON_SENTENCES)) {
      expect(describeLogEntry({ origin: 'invoice', event: 'invoice.skipped', body: { reason } }).text).not.toContain(
        reason,
      );
    }
    expect(
      describeLogEntry({
        origin: 'invoice',
        event: 'invoice.created',
        orderId: '7',
        orderName: '#1007',
        body: { number: 'RE7' },
      }),
    ).toEqual({
      text: 'Rechnung in Lexware Office erstellt: RE7',
      link: { url: '/orders/7', label: 'Bestellung #1007' },
    });
    expect(searchLogCatalogue('kasse').searchReasons).toEqual(['SKIP_POS']);
  });
});

describe('the plan feature map', () => {
  it('grows with the plans, and orderImport carries the one-time price', () => {
    expect(planFeatures('free')).toMatchObject({ orders: true, emails: false, orderImport: false });
    expect(planFeatures('basic')).toMatchObject({ emails: true, metafields: false, orderImport: 99 });
    expect(planIncludes('business', 'shopifyPlus')).toBe(true);
    expect(planIncludes('premium', 'shopifyPlus')).toBe(false);
  });

  it('sees a feature switched on, never one kept or switched off', () => {
    const before = { transactions: { transactionFees: true }, invoices: { skipTags: ['a'] } };
    expect(featuresTurnedOn(before, { transactions: { transactionFees: false }, invoices: { skipTags: [] } })).toEqual(
      [],
    );
    expect(featuresTurnedOn(before, before)).toEqual([]);
    expect(featuresTurnedOn({}, { transactions: { transactionFees: true }, invoices: { skipTags: ['b'] } })).toEqual([
      'tags',
      'fees',
    ]);
  });
});

describe('admin actions in the log', () => {
  const entry = (body: Record<string, unknown>) =>
    describeLogEntry({ origin: 'shop', event: 'admin.action', body }).text;

  it('names the person who acted, with their role and the shop they worked from', () => {
    expect(
      entry({
        action: 'settings',
        admin: 'zentrale.myshopify.com',
        adminUser: '42',
        adminName: 'Erika Muster',
        adminRole: 'operator',
      }),
    ).toBe('Betrieb Erika Muster (Nutzer 42, zentrale.myshopify.com): Berechtigungen oder Partnerstatus geändert');
    expect(
      entry({
        action: 'workflow.restart',
        admin: 'zentrale.myshopify.com',
        adminUser: '7',
        adminRole: 'support',
        workflowId: 'order:a.myshopify.com:1',
      }),
    ).toBe('Support Nutzer 7 (zentrale.myshopify.com): Workflow neu gestartet – order:a.myshopify.com:1');
  });

  it('still reads entries written before rights were personal', () => {
    expect(entry({ action: 'settings', admin: 'alt.myshopify.com' })).toBe(
      'Support (alt.myshopify.com): Berechtigungen oder Partnerstatus geändert',
    );
  });
});

describe('status changes Lexware reports', () => {
  it('name the new status in German words, not Lexware’s code', () => {
    expect(describeLogEntry({ origin: 'invoice', event: 'invoice.status', body: { status: 'paid' } }).text).toBe(
      'Lexware Office meldet einen neuen Rechnungsstatus: Bezahlt',
    );
    expect(describeLogEntry({ origin: 'credit', event: 'credit.status', body: { status: 'paidoff' } }).text).toBe(
      'Lexware Office meldet einen neuen Gutschriftstatus: Ausgeglichen',
    );
  });
});
