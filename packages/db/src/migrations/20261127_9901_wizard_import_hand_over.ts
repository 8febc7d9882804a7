import type { Knex } from 'knex';

/**
 * Which orders the connect wizard's import brought in, and when each was handed to its order workflow on
 * activation: the transfers dialog counts exactly the imported orders not handed over yet, and a second
 * activation (off, then on again) hands none of them over twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.timestamp('wizard_imported_at', { useTz: true }).nullable();
    t.timestamp('handed_over_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('wizard_imported_at');
    t.dropColumn('handed_over_at');
  });
}
