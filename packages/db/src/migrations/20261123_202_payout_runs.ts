import type { Knex } from 'knex';

/**
 * The monthly partner payout run: one row per month, holding the
 * PayPal batch it sent and the SEPA file it wrote. A payout belongs to the run that sends it
 * and is `paid` only once the money has gone (PayPal SUCCESS, or an admin confirmed the bank's execution).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payout_runs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.date('run_month').notNullable().unique(); // the 1st of the month it ran for
    t.text('status').notNullable().defaultTo('created'); // created | sending | awaiting | paid | failed | empty
    t.text('paypal_batch_id').nullable();
    t.text('paypal_status').nullable();
    t.text('sepa_msg_id').nullable();
    t.text('sepa_xml').nullable();
    t.timestamp('sepa_confirmed_at', { useTz: true }).nullable();
    t.text('sepa_confirmed_by').nullable();
    t.text('error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true }).nullable();
  });
  await knex.schema.alterTable('payouts', (t) => {
    t.uuid('run_id').nullable().references('payout_runs.id').onDelete('SET NULL');
    t.text('failure').nullable();
    t.index(['run_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.dropColumn('run_id');
    t.dropColumn('failure');
  });
  await knex.schema.dropTableIfExists('payout_runs');
}
