import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import SEPA from 'sepa';

/** The SEPA credit transfer format the run writes: pain.001.001.09 (ISO 20022, accepted by German banks since 2025). */
export const PAIN_FORMAT = 'pain.001.001.09';

export interface SepaDebtor {
  debtorName: string;
  debtorIban: string;
  debtorBic: string;
}
export interface SepaTransfer {
  id: string;
  name: string;
  iban: string;
  bic: string;
  amount: number;
  remittance: string;
}

export class SepaDataError extends Error {}

/** IBAN and BIC as the bank wants them, or a German message naming what is wrong. */
export function checkAccount(who: string, iban: string, bic: string): { iban: string; bic: string } {
  const electronic = electronicFormatIBAN(iban) ?? '';
  if (!isValidIBAN(electronic)) throw new SepaDataError(`Ungültige IBAN für ${who}`);
  const cleanBic = bic.replace(/\s+/g, '').toUpperCase();
  if (!isValidBIC(cleanBic)) throw new SepaDataError(`Ungültige BIC für ${who}`);
  return { iban: electronic, bic: cleanBic };
}

/** SEPA allows Latin letters, digits and a few signs; umlauts are spelled out, the rest dropped. */
function sepaText(s: string, max: number): string {
  const spelled = s
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss');
  return spelled
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/**
 * One pain.001 credit-transfer file for the run's bank payouts: one payment block from our
 * account, one transaction per partner. Every IBAN and BIC is checked before anything is written.
 */
export function buildSepaFile(
  msgId: string,
  created: Date,
  execution: Date,
  debtor: SepaDebtor,
  transfers: SepaTransfer[],
): string {
  const from = checkAccount(debtor.debtorName, debtor.debtorIban, debtor.debtorBic);
  const checked = transfers.map((t) => ({ ...t, ...checkAccount(t.name, t.iban, t.bic) }));
  const doc = new SEPA.Document(PAIN_FORMAT);
  doc.grpHdr.id = msgId;
  doc.grpHdr.created = created;
  doc.grpHdr.initiatorName = sepaText(debtor.debtorName, 70);
  const info = doc.createPaymentInfo();
  info.requestedExecutionDate = execution;
  info.debtorIBAN = from.iban;
  info.debtorBIC = from.bic;
  info.debtorName = sepaText(debtor.debtorName, 70);
  doc.addPaymentInfo(info);
  for (const t of checked) {
    const tx = info.createTransaction();
    tx.creditorName = sepaText(t.name, 70);
    tx.creditorIBAN = t.iban;
    tx.creditorBIC = t.bic;
    tx.amount = t.amount;
    tx.remittanceInfo = sepaText(t.remittance, 140);
    tx.end2endId = t.id.replace(/-/g, '').slice(0, 35);
    info.addTransaction(tx);
  }
  return doc.toString();
}
