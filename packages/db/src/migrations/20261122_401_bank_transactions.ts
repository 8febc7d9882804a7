import type { Knex } from 'knex';

/**
 * Bank transactions: one row per Shopify payment, claimed before Lexware is
 * called, and one row per shop and gateway for its payment-provider account in Lexware.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('finance_accounts', (t) => {
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('gateway').notNullable();
    t.text('financial_account_id').nullable();
    t.timestamps(true, true);
    t.primary(['shop_id', 'gateway']);
  });

  await knex.schema.createTable('bank_transactions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('order_id').notNullable();
    t.text('order_name').nullable();
    /** Shopify's transaction id, also the externalReference in Lexware. */
    t.text('payment_id').notNullable();
    t.text('gateway').notNullable();
    t.decimal('amount', 14, 2).notNullable();
    t.decimal('fee_amount', 14, 2).nullable();
    t.text('financial_account_id').nullable();
    t.text('lexoffice_id').nullable();
    t.timestamp('attempted_at', { useTz: true }).nullable();
    t.timestamps(true, true);
    t.unique(['shop_id', 'payment_id']);
    t.index(['shop_id', 'order_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('bank_transactions');
  await knex.schema.dropTableIfExists('finance_accounts');
}
