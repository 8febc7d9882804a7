import type { Knex } from 'knex';

/**
 * The latest snapshot of each order we have seen, written by the order workflow.
 * The orders list, the per-gateway counts and the historical import read it, so
 * the screens never have to ask Shopify.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders', (t) => {
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('order_id').notNullable();
    t.text('name').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.text('financial_status').nullable();
    t.text('fulfillment_status').nullable();
    t.text('gateway').nullable();
    t.text('source_name').nullable();
    t.decimal('total', 14, 2).notNullable();
    t.text('currency').notNullable();
    t.text('customer_email').nullable();
    t.text('customer_name').nullable();
    t.text('tags').notNullable().defaultTo('');
    t.jsonb('snapshot').notNullable();
    t.primary(['shop_id', 'order_id']);
    t.index(['shop_id', 'created_at']);
    t.index(['shop_id', 'gateway']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('orders');
}
