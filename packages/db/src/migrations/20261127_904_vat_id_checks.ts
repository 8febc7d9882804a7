import type { Knex } from 'knex';

/**
 * VIES's answers on buyers' USt-IdNr., kept with the customer they came from: the evidence a tax-free
 * intra-community invoice rests on (§ 18e UStG), and the day-long store of confirmations the worker asks before
 * VIES. One row per shop and ID, the newest answer; every earlier one stays in the orders' event logs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vat_id_checks', (t) => {
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('vat_id').notNullable();
    t.boolean('valid').notNullable();
    t.text('request_date').notNullable();
    t.text('request_identifier');
    t.text('name');
    t.text('address');
    t.text('refusal');
    t.timestamp('checked_at', { useTz: true }).notNullable();
    t.text('email'); // the customer's, lower case: the Lexware contact the ID belongs to
    t.text('order_id');
    t.primary(['shop_id', 'vat_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('vat_id_checks');
}
