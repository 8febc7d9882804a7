import { describe, expect, it } from 'vitest';
import { automationLevel, isSwitchEnabled, switchAutomation, type Automation } from './automation';

const allOn: Automation = {
  invoiceCreate: true,
  creditCreate: true,
  transactionCreate: true,
  transactionFees: true,
  transactionHints: true,
};

describe('automation switches', () => {
  it('turning invoices off forces credit notes, transactions and hints off', () => {
    const next = switchAutomation(allOn, 'invoiceCreate', false);
    expect(next).toEqual({
      invoiceCreate: false,
      creditCreate: false,
      transactionCreate: false,
      transactionFees: false,
      transactionHints: false,
    });
    expect(isSwitchEnabled(next, 'creditCreate')).toBe(false);
  });

  it('turning transactions off forces fees and hints off', () => {
    const next = switchAutomation(allOn, 'transactionCreate', false);
    expect(next).toMatchObject({
      invoiceCreate: true,
      creditCreate: true,
      transactionFees: false,
      transactionHints: false,
    });
    expect(isSwitchEnabled(next, 'transactionFees')).toBe(false);
  });

  it('reads automated, partially automated and manual', () => {
    expect(automationLevel(allOn)).toBe('automated');
    expect(automationLevel({ ...allOn, creditCreate: false })).toBe('partial');
    expect(automationLevel(switchAutomation(allOn, 'invoiceCreate', false))).toBe('manual');
  });
});
