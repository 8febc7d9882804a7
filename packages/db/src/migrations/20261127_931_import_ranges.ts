import type { Knex } from 'knex';

/**
 * The historical import of a range of days: the days queue up behind one workflow, which
 * records here how far it got, so the dialog shows the range's progress without asking
 * Temporal, and a second range of the same shop is refused while one runs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('order_import_ranges', (t) => {
    t.text('workflow_id').primary();
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.date('first_day').notNullable();
    t.date('last_day').notNullable();
    t.text('status').notNullable().defaultTo('running'); // running | completed | stopped | failed
    t.integer('days_done').notNullable().defaultTo(0);
    t.timestamp('stop_requested_at', { useTz: true }).nullable();
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
  });
  // One range runs per shop: its days run one after another anyway, a second would only wait.
  await knex.raw(
    `create unique index order_import_ranges_one_running on order_import_ranges (shop_id) where status = 'running'`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('order_import_ranges');
}
