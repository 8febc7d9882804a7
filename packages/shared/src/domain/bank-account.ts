import { electronicFormatIBAN, extractBIC, isValidBIC, isValidIBAN } from 'ibantools';

/** Which part of a bank account a problem is in, so a form can put the message on its field. */
export type BankAccountField = 'iban' | 'bic';
export type BankAccountCheck =
  { ok: true; iban: string; bic: string } | { ok: false; field: BankAccountField; message: string };

export const BANK_ACCOUNT_MESSAGES = {
  iban: 'Gültige IBAN erforderlich',
  bic: 'Gültige BIC erforderlich',
  mismatch: (ibanCountry: string, bicCountry: string) =>
    `Die BIC gehört zu einer Bank in ${countryName(bicCountry)}, die IBAN zu einem Konto in ${countryName(ibanCountry)}: bitte die BIC der kontoführenden Bank angeben`,
} as const;

const regions = new Intl.DisplayNames(['de'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * Territories whose banks carry their own country code in the BIC while the account's IBAN has the
 * mainland's: the same exceptions the SEPA file builder allows, so an account that passes here never
 * fails when the payout file is written.
 */
const BIC_TERRITORIES: Record<string, readonly string[]> = {
  FI: ['AX'],
  FR: ['GF', 'GP', 'MQ', 'RE', 'PF', 'TF', 'YT', 'NC', 'BL', 'MF', 'PM', 'WF'],
  GB: ['IM', 'JE', 'GG'],
};

/**
 * An IBAN and BIC as a bank wants them, checked each on its own and as a pair: a SEPA transfer
 * whose BIC names a bank in another country than the IBAN's is refused by the bank (and by the
 * file builder), so it is refused when the partner saves it, not a month later in the payout run.
 */
export function checkBankAccount(iban: string, bic: string): BankAccountCheck {
  const electronic = electronicFormatIBAN(iban) ?? '';
  if (!isValidIBAN(electronic)) return { ok: false, field: 'iban', message: BANK_ACCOUNT_MESSAGES.iban };
  const cleanBic = bic.replace(/\s+/g, '').toUpperCase();
  if (!isValidBIC(cleanBic)) return { ok: false, field: 'bic', message: BANK_ACCOUNT_MESSAGES.bic };
  const ibanCountry = electronic.slice(0, 2);
  const bicCountry = extractBIC(cleanBic).countryCode ?? cleanBic.slice(4, 6);
  if (bicCountry !== ibanCountry && !BIC_TERRITORIES[ibanCountry]?.includes(bicCountry))
    return { ok: false, field: 'bic', message: BANK_ACCOUNT_MESSAGES.mismatch(ibanCountry, bicCountry) };
  return { ok: true, iban: electronic, bic: cleanBic };
}
