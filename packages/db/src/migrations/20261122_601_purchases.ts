import type { Knex } from 'knex';

/**
 * One-time purchases go through Shopify's appPurchaseOneTimeCreate: a row is pending until the
 * merchant approves the charge; `activated_at` starts the import credits' 30 days. Rows bought
 * before (without a charge) stay active. Subscriptions can end (cancelled).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('purchases', (t) => {
    t.text('status').notNullable().defaultTo('active'); // pending | active | declined
    t.text('charge_gid').nullable().unique();
    t.timestamp('activated_at', { useTz: true }).nullable();
  });
  await knex('purchases').update({ activated_at: knex.ref('created_at') });
  await knex.schema.alterTable('plan_subscriptions', (t) => {
    t.timestamp('cancelled_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('plan_subscriptions', (t) => t.dropColumn('cancelled_at'));
  await knex.schema.alterTable('purchases', (t) => {
    t.dropColumn('status');
    t.dropColumn('charge_gid');
    t.dropColumn('activated_at');
  });
}
