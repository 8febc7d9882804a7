import { describe, expect, it } from 'vitest';
import { checkBankAccount } from './bank-account';

describe('checkBankAccount', () => {
  it('accepts a German IBAN with a German BIC, in the form the bank wants', () => {
    expect(checkBankAccount('de89 3704 0044 0532 0130 00', ' cobadeffxxx')).toEqual({
      ok: true,
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
    });
  });

  it('refuses a German IBAN with a French BIC, on the BIC field, in German', () => {
    expect(checkBankAccount('DE89370400440532013000', 'BNPAFRPPXXX')).toEqual({
      ok: false,
      field: 'bic',
      message:
        'Die BIC gehört zu einer Bank in Frankreich, die IBAN zu einem Konto in Deutschland: bitte die BIC der kontoführenden Bank angeben',
    });
  });

  it('allows the territories whose banks have their own BIC country', () => {
    expect(checkBankAccount('FR1420041010050500013M02606', 'BNPAGPGPXXX').ok).toBe(true);
    expect(checkBankAccount('GP1420041010050500013M02606', 'BNPAFRPPXXX').ok).toBe(false);
  });

  it('names the field of a broken IBAN or BIC', () => {
    expect(checkBankAccount('DE00 1234', 'COBADEFFXXX')).toMatchObject({ ok: false, field: 'iban' });
    expect(checkBankAccount('DE89370400440532013000', 'XX')).toMatchObject({ ok: false, field: 'bic' });
  });
});
