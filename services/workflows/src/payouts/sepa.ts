import anyAscii from 'any-ascii';
import SEPA from 'sepa';
import { checkBankAccount } from '@belegfluss/shared';

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

/** Data a bank would refuse: retrying cannot help, the data must change. */
export class SepaDataError extends Error {
  readonly type = 'SEPA_DATA';
}

/** IBAN and BIC as the bank wants them, checked alone and as a pair, or a German message naming what is wrong. */
export function checkAccount(who: string, iban: string, bic: string): { iban: string; bic: string } {
  const account = checkBankAccount(iban, bic);
  if (!account.ok) throw new SepaDataError(`${account.message} (${who})`);
  return { iban: account.iban, bic: account.bic };
}

/**
 * SEPA allows Latin letters, digits and a few signs. German umlauts are spelled out as banks do
 * (ä → ae); every other script is transliterated (any-ascii), so a name in Cyrillic or Greek
 * reaches the bank readable instead of as an empty name, which the bank would reject.
 */
export function sepaText(s: string, max: number): string {
  const spelled = s
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss');
  return anyAscii(spelled)
    .replace(/[^A-Za-z0-9/?:().,'+ -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

function document(msgId: string, created: Date, execution: Date, debtor: SepaDebtor, transfers: SepaTransfer[]) {
  const from = checkAccount(debtor.debtorName, debtor.debtorIban, debtor.debtorBic);
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
  for (const t of transfers) {
    const account = checkAccount(t.name, t.iban, t.bic);
    const name = sepaText(t.name, 70);
    if (!name) throw new SepaDataError(`Kein Kontoinhaber für die Überweisung ${t.id.slice(0, 8)}`);
    const tx = info.createTransaction();
    tx.creditorName = name;
    tx.creditorIBAN = account.iban;
    tx.creditorBIC = account.bic;
    tx.amount = t.amount;
    tx.remittanceInfo = sepaText(t.remittance, 140);
    tx.end2endId = t.id.replace(/-/g, '').slice(0, 35);
    info.addTransaction(tx);
  }
  return doc;
}

/** Renders the document; the library validates while rendering and throws plain errors, which are data errors here. */
function render(doc: ReturnType<typeof document>): string {
  try {
    return doc.toString();
  } catch (error) {
    throw new SepaDataError(`Die SEPA-Datei ist ungültig: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The transfers a bank would refuse, each with its reason: every transfer is rendered alone
 * through the same builder as the file, so the file of the rest cannot fail on them.
 */
export function refusedTransfers(debtor: SepaDebtor, transfers: SepaTransfer[]): Map<string, string> {
  const refused = new Map<string, string>();
  for (const t of transfers) {
    try {
      render(document('CHECK', new Date(0), new Date(0), debtor, [t]));
    } catch (error) {
      if (!(error instanceof SepaDataError)) throw error;
      refused.set(t.id, error.message);
    }
  }
  return refused;
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
  return render(document(msgId, created, execution, debtor, transfers));
}
