import type { Knex } from 'knex';

/**
 * Billing periods: the period a shop counts transfers in has an explicit start, since
 * Shopify's 30-day cycles are not "one month before the reset". `current_period_end` is what
 * Shopify last said about the active subscription. A document refused for want of transfers
 * waits (`waiting_since`) until the billing workflow resumes it (`resumed_at`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shops', (t) => {
    t.timestamp('credits_period_start', { useTz: true }).nullable();
    t.timestamp('current_period_end', { useTz: true }).nullable();
  });
  await knex.raw(`update shops set credits_period_start = credits_reset_at - interval '1 month'`);
  await knex.raw(
    `alter table shops alter column credits_period_start set not null, alter column credits_period_start set default now()`,
  );
  await knex.raw(`alter table shops alter column credits_reset_at set default now() + interval '1 month'`);
  await knex.schema.alterTable('documents', (t) => {
    t.timestamp('waiting_since', { useTz: true }).nullable();
    t.timestamp('resumed_at', { useTz: true }).nullable();
  });
  await knex.raw(
    `create index documents_waiting on documents (shop_id, waiting_since) where waiting_since is not null`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists documents_waiting');
  await knex.schema.alterTable('documents', (t) => {
    t.dropColumn('waiting_since');
    t.dropColumn('resumed_at');
  });
  await knex.schema.alterTable('shops', (t) => {
    t.dropColumn('credits_period_start');
    t.dropColumn('current_period_end');
  });
}
