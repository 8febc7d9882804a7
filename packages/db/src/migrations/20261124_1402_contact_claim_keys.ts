import type { Knex } from 'knex';

/**
 * A contact claim names a customer, not only an e-mail: customers without one are claimed by their
 * Shopify customer, guest checkouts by their order (see customerKey in the worker's contact activity).
 * `create_started_at` marks a creation whose outcome is unknown (Lexware wrote, the answer was lost),
 * so the next holder looks for that contact before creating another.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_claims', (t) => {
    t.renameColumn('email', 'customer_key');
    t.timestamp('create_started_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_claims', (t) => {
    t.dropColumn('create_started_at');
    t.renameColumn('customer_key', 'email');
  });
}
