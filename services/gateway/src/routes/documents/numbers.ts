import { lexwareStore, type DocumentRef } from '@belegfluss/db';
import { documentNumber, fillDocumentNumbers } from '@belegfluss/lexware';
import { lexwareOf } from '../../clients';
import type { GatewayContext } from '../../context';

/** A screen waits at most this long for numbers Lexware has not named to us yet; the read goes on without it. */
const NUMBER_WAIT_MS = 2_000;

/** A finalised document whose number we have not learned yet: Lexware's create answers only the id. */
export const numberPending = (r: { number: string | null; status: string }) =>
  !r.number && r.status.toLowerCase() !== 'draft';

/**
 * Fills the shop's missing document numbers with one shared voucher-list read before a screen shows them.
 * True when the read finished in time (read the rows again); false when it failed or is still running,
 * and the screen says "Nummer folgt" until the next look.
 */
export function fillShownNumbers(gw: GatewayContext, shop: string): Promise<boolean> {
  const fill = fillDocumentNumbers(lexwareStore(gw.db, gw.box), lexwareOf(gw, shop), shop).then(
    () => true,
    () => false,
  );
  return Promise.race([
    fill,
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), NUMBER_WAIT_MS).unref()),
  ]);
}

/** The PDF's file name carries the number; when Lexware can't tell it now, the file is named by its kind. */
export async function numberForFile(gw: GatewayContext, doc: DocumentRef): Promise<string | null> {
  if (!doc.lexwareId || !numberPending(doc)) return doc.number;
  const api = lexwareOf(gw, doc.shopId);
  return documentNumber(lexwareStore(gw.db, gw.box), api, { ...doc, lexwareId: doc.lexwareId }).catch(() => null);
}
