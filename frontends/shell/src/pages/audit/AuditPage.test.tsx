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
      { kind: 'missing_invoice', label: 'Rechnung fehlt', orderId: '1', orderName: '#1001', expectedCents: 5990 },
      {
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

describe('the completeness audit page (issue 19 §2)', () => {
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
});
