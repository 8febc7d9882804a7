import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scriptedApi } from '../../test/api';
import { renderInShell } from '../../test/render';
import { AuditPage, type AuditAnswer } from './AuditPage';

const done: AuditAnswer = {
  month: '2026-10',
  status: 'done',
  report: {
    orders: 200,
    vouchers: 201,
    finishedAt: '2026-11-02T03:00:00.000Z',
    counts: {
      missing_invoice: 1,
      missing_credit: 0,
      duplicate: 0,
      total_mismatch: 1,
      unlinked_credit: 0,
      unknown_order: 0,
    },
    findings: [
      {
        key: 'missing_invoice:1:',
        repair: 'recreate',
        repairRequestedAt: null,
        kind: 'missing_invoice',
        label: 'Rechnung fehlt',
        orderId: '1',
        orderName: '#1001',
        expectedCents: 5990,
      },
      {
        key: 'total_mismatch:2:lx-2',
        repair: 'close',
        repairRequestedAt: null,
        kind: 'total_mismatch',
        label: 'Betrag weicht ab',
        orderId: '2',
        orderName: '#1002',
        number: 'RE0002',
        expectedCents: 2000,
        actualCents: 123,
      },
    ],
  },
};

describe('the completeness audit page', () => {
  it('says which orders it did not count and why, instead of calling them complete', async () => {
    const clean: AuditAnswer = {
      ...done,
      report: {
        ...done.report!,
        counts: {},
        findings: [],
        notCounted: { SKIP_DATE: 12 },
      },
    };
    const { api } = scriptedApi(({ path }) => (path.startsWith('/audits/') ? clean : undefined));
    renderInShell(<AuditPage />, api);
    expect(
      await screen.findByText(
        '12 Bestellungen nicht mitgezählt: übersprungen, weil die Bestellung vor dem Stichtag der Rechnungserstellung liegt.',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/jede Bestellung, für die Belegfluss Belege erstellt, hat sie genau einmal/)).toBeTruthy();
  });

  it('shows the counts and each finding, and starts an audit of the chosen month', async () => {
    const { api, calls } = scriptedApi(({ method, path }) => {
      if (method === 'POST' && path === '/audits') return { month: '2026-10', status: 'running' };
      if (path.startsWith('/audits/')) return done;
      return undefined;
    });
    renderInShell(<AuditPage />, api);
    expect(await screen.findByText('Rechnung fehlt: 1')).toBeTruthy();
    expect(screen.getByText('Betrag weicht ab: 1')).toBeTruthy();
    expect(screen.getByText('#1001')).toBeTruthy();
    expect(screen.getByText('RE0002')).toBeTruthy();
    await act(async () => fireEvent.change(screen.getByLabelText('Monat'), { target: { value: '2026-10' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Jetzt prüfen' })));
    expect(
      calls.some(
        (c) => c.method === 'POST' && c.path === '/audits' && (c.body as { month: string }).month === '2026-10',
      ),
    ).toBe(true);
  });

  it('repairs one finding at once, and asks before closing an invoice with a credit note', async () => {
    const { api, calls } = scriptedApi(({ method, path }) => {
      if (method === 'POST' && path === '/audits/2026-10/repair') return { month: '2026-10', requested: 1, manual: 0 };
      if (path.startsWith('/audits/')) return done;
      return undefined;
    });
    renderInShell(<AuditPage />, api);
    // Find first, then act: a findBy… inside act() waits for a render that act() holds back until it ends, so on a
    // busy machine, where the report arrives only after act() began, it never came.
    const month = await screen.findByLabelText('Monat');
    await act(async () => fireEvent.change(month, { target: { value: '2026-10' } }));
    const fix = await screen.findByRole('button', { name: 'Rechnung fehlt bei #1001 beheben' });
    await act(async () => fireEvent.click(fix));
    const repairs = () => calls.filter((c) => c.method === 'POST' && c.path === '/audits/2026-10/repair');
    expect(repairs().map((c) => c.body)).toEqual([{ keys: ['missing_invoice:1:'], confirm: false }]);
    expect(await screen.findByText(/1 Korrektur angestoßen/)).toBeTruthy();

    // The wrong total is closed by a credit note: nothing is sent before the merchant confirms.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Betrag weicht ab bei #1002 beheben' })));
    expect(await screen.findByText(/erstellt Belegfluss je eine Gutschrift/)).toBeTruthy();
    expect(repairs()).toHaveLength(1);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Korrigieren' })));
    expect(repairs().map((c) => c.body)[1]).toEqual({ keys: ['total_mismatch:2:lx-2'], confirm: true });

    // „Alle beheben“ takes every open finding and asks too, since one of them makes a credit note.
    const all = await screen.findByRole('button', { name: 'Alle beheben (2)' });
    await act(async () => fireEvent.click(all));
    const confirm = await screen.findByRole('button', { name: 'Korrigieren' });
    await act(async () => fireEvent.click(confirm));
    expect(repairs().map((c) => c.body)[2]).toEqual({
      keys: ['missing_invoice:1:', 'total_mismatch:2:lx-2'],
      confirm: true,
    });
  });
});
