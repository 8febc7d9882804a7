import type { Knex } from 'knex';

/**
 * Plan changes wait for Shopify's confirmation page: one row per appSubscriptionCreate,
 * activated when Shopify reports the subscription ACTIVE. Partner coupons get their
 * discount duration; partners their receipt language; imports their workflow.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plan_subscriptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('plan_id').notNullable().references('plans.id');
    t.boolean('annual').notNullable().defaultTo(false);
    t.text('coupon_code').nullable().references('coupons.code');
    t.decimal('price', 10, 2).notNullable();
    t.integer('trial_days').notNullable().defaultTo(0);
    t.text('subscription_gid').notNullable().unique();
    t.text('status').notNullable().defaultTo('pending'); // pending | active | declined
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('activated_at', { useTz: true }).nullable();
    t.index(['shop_id']);
  });
  await knex.schema.alterTable('partners', (t) => {
    t.text('language').notNullable().defaultTo('de');
  });
  await knex.schema.alterTable('order_imports', (t) => {
    t.text('workflow_id').nullable();
    t.text('status').notNullable().defaultTo('running'); // running | completed | failed
    t.integer('pages').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_imports', (t) => {
    t.dropColumn('workflow_id');
    t.dropColumn('status');
    t.dropColumn('pages');
  });
  await knex.schema.alterTable('partners', (t) => t.dropColumn('language'));
  await knex.schema.dropTableIfExists('plan_subscriptions');
}
