import type { Knex } from 'knex';

/**
 * A payout keeps the account it was made for: the name, the IBAN (in `recipient`) and BIC or the
 * PayPal address, so the file, the receipt and the admin area all show where the money went even
 * after the partner changes their details. It also records when it was handed to PayPal or the
 * bank (until then a failed run may give it back) and PayPal's answer for its item.
 *
 * One payout per partner and start day was the guard against paying provisions twice, but it also
 * dropped a second run's payout made on the same day (a backfilled month, a manual request beside
 * the run) and a new payout of provisions that came back from a failed one. The guard is where the
 * money is: each provision links to one payout, taken under the partner's row lock.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.text('recipient_name').nullable();
    t.text('bic').nullable();
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.text('paypal_item_id').nullable();
    t.text('paypal_item_status').nullable();
  });
  await knex.raw(`
    update payouts p set recipient_name = coalesce(pa.address->>'name', s.name, p.partner_shop_id),
      bic = case when p.gateway = 'bank' then pa.bic end
    from partners pa join shops s on s.id = pa.shop_id where pa.shop_id = p.partner_shop_id`);
  await knex.schema.alterTable('payouts', (t) => {
    t.dropUnique(['partner_shop_id', 'timespan_start']);
    t.index(['partner_shop_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payouts', (t) => {
    t.dropIndex(['partner_shop_id']);
    t.unique(['partner_shop_id', 'timespan_start']);
    t.dropColumn('recipient_name');
    t.dropColumn('bic');
    t.dropColumn('sent_at');
    t.dropColumn('paypal_item_id');
    t.dropColumn('paypal_item_status');
  });
}
