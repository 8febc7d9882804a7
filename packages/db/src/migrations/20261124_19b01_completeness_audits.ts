import type { Knex } from 'knex';

/**
 * The completeness audit's reports: one row per shop and month, replaced by each new run,
 * so the page shows the latest answer to "does every order have its documents, once, with the right amounts?".
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('completeness_audits', (t) => {
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('month').notNullable(); // YYYY-MM, German calendar
    t.integer('orders').notNullable().defaultTo(0);
    t.integer('vouchers').notNullable().defaultTo(0);
    t.jsonb('findings').notNullable().defaultTo('[]');
    t.timestamp('finished_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['shop_id', 'month']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('completeness_audits');
}
