import type { Knex } from 'knex';

/**
 * The callback URL a shop's own webhook subscriptions were last registered with. When APP_URL
 * changes, the gateway finds the shops still pointing elsewhere and registers them again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shops', (t) => {
    t.text('webhook_callback_url').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shops', (t) => {
    t.dropColumn('webhook_callback_url');
  });
}
