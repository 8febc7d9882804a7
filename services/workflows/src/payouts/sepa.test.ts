import { describe, expect, it } from 'vitest';
import { buildSepaFile, refusedTransfers, SepaDataError } from './sepa';
import { validatePain001 } from './sepa-xsd';

const debtor = { debtorName: 'Belegfluss GmbH', debtorIban: 'DE02120300000000202051', debtorBic: 'BYLADEM1001' };
const transfer = (over: Partial<Parameters<typeof buildSepaFile>[4][number]> = {}) => ({
  id: '6f1c2b7e-3d4a-4b5c-8d9e-0a1b2c3d4e5f',
  name: 'Müller & Söhne Kaffeerösterei',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  amount: 57.9,
  remittance: 'Belegfluss Partnerprovision 6f1c2b7e',
  ...over,
});

describe('the SEPA payout file', () => {
  it('is a pain.001.001.09 credit transfer that validates against the official XSD', async () => {
    const xml = buildSepaFile(
      'BELEGFLUSS-6F1C2B7E3D4A4B5C8D9E',
      new Date('2026-12-01T05:00:00Z'),
      new Date('2026-12-01T05:00:00Z'),
      debtor,
      [
        transfer(),
        transfer({
          id: '7a2d3c8f-4e5b-4c6d-9e0f-1b2c3d4e5f60',
          name: 'Teeladen Öztürk',
          iban: 'AT611904300234573201',
          bic: 'BKAUATWW',
          amount: 120,
        }),
      ],
    );
    const result = await validatePain001(xml);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
    expect(xml).toContain('<CtrlSum>177.90</CtrlSum>');
    expect(xml).toContain('DE89370400440532013000');
    expect(xml).toContain('Mueller Soehne Kaffeeroesterei');
  });

  it('refuses a wrong IBAN or BIC with a German message, before anything is written', () => {
    expect(() =>
      buildSepaFile('X1', new Date(), new Date(), debtor, [transfer({ iban: 'DE89370400440532013001' })]),
    ).toThrow(new SepaDataError('Gültige IBAN erforderlich (Müller & Söhne Kaffeerösterei)'));
    expect(() => buildSepaFile('X1', new Date(), new Date(), debtor, [transfer({ bic: 'COBA' })])).toThrow(
      'Gültige BIC erforderlich (Müller & Söhne Kaffeerösterei)',
    );
  });

  it('finds the transfers a bank would refuse, each with its reason, so the others still go out', () => {
    const french = transfer({ id: '8b3e4d90-5f6a-4d7e-8f01-2c3d4e5f6a71', bic: 'BNPAFRPPXXX' });
    const refused = refusedTransfers(debtor, [transfer(), french]);
    expect([...refused.keys()]).toEqual([french.id]);
    expect(refused.get(french.id)).toContain('Die BIC gehört zu einer Bank in Frankreich');
    // The library's own refusals are data errors too, never plain errors that a retry would repeat.
    expect(() => buildSepaFile('X1', new Date(), new Date(), debtor, [transfer({ amount: 0.001 })])).toThrow(
      SepaDataError,
    );
  });

  it('transliterates names in other scripts instead of sending an empty name', async () => {
    const xml = buildSepaFile('X3', new Date(), new Date(), debtor, [transfer({ name: 'Сергей Иванов' })]);
    expect(xml).toContain('<Nm>Sergey Ivanov</Nm>');
    expect((await validatePain001(xml)).valid).toBe(true);
    expect(refusedTransfers(debtor, [transfer({ name: '***' })]).size).toBe(1);
  });

  it('the validator is not a rubber stamp: a file without its message id fails', async () => {
    const xml = buildSepaFile('X2', new Date(), new Date(), debtor, [transfer()]).replace(/<MsgId>[^<]*<\/MsgId>/, '');
    expect((await validatePain001(xml)).valid).toBe(false);
  });
});
