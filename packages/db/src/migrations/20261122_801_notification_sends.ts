import type { Knex } from 'knex';

/**
 * One row per notification mail to the merchant and occasion (a billing period, a lost
 * connection, the install), claimed before the mail is sent: the unique key is what makes
 * "once per period" hold across workers, retries and gateway instances.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notification_sends', (t) => {
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('kind').notNullable(); // creditsExhaustedSoon | creditsExhaustedNow | connectionMissing | onboarding
    t.text('occasion').notNullable();
    t.text('status').notNullable(); // claimed | sent | skipped | failed
    t.text('recipient').nullable();
    t.text('error').nullable();
    t.integer('attempts').notNullable().defaultTo(1);
    t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.primary(['shop_id', 'kind', 'occasion']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notification_sends');
}
