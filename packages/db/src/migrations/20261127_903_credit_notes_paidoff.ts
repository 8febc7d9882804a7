import type { Knex } from 'knex';

/**
 * Finalised credit notes were stored as 'open', our guess at creation, while Lexware settles each one
 * against the invoice it follows (all of ours follow one) at once: the order page showed them "Offen".
 * A status Lexware reported since would be paidoff or voided, never open, so every stored 'open' is that guess.
 */
export async function up(knex: Knex): Promise<void> {
  await knex('documents')
    .where({ type: 'credit', status: 'open' })
    .whereNotNull('lexware_id')
    .update({ status: 'paidoff' });
}

export async function down(): Promise<void> {
  // Lexware's own status is the right one either way.
}
