import type { Knex } from 'knex';

/**
 * The Lexware contact we made or matched for a customer e-mail, with a hash of what we last
 * pushed: a returning customer whose data has not changed needs no Lexware call at all.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_links', (t) => {
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('email').notNullable(); // lower case
    t.uuid('contact_id').notNullable();
    t.text('pushed_hash').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['shop_id', 'email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_links');
}
