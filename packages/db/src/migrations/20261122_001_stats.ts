import type { Knex } from 'knex';

/**
 * The stat counters that can't be derived from rows we keep:
 * the event log is trimmed to the plan's retention, the counters are not.
 */
const COUNTERS = [
  'contacts_created',
  'contacts_updated',
  'invoices_matched',
  'invoices_updated',
  'credits_matched',
  'credits_updated',
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shops', (t) => {
    for (const c of COUNTERS) t.integer(c).notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shops', (t) => {
    for (const c of COUNTERS) t.dropColumn(c);
  });
}
