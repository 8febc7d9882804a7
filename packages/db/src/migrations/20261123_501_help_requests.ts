import type { Knex } from 'knex';

/**
 * The help contact form's requests, kept on their own: the event log is pruned by plan, but a
 * question to support must stay until support has seen it. The mail to SUPPORT_EMAIL is recorded
 * with its outcome, so a request whose mail failed is still in the admin area.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('help_requests', (t) => {
    t.bigIncrements('id');
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('user_id').nullable();
    t.text('subject').notNullable();
    t.text('message').notNullable();
    t.text('reply_to').nullable();
    t.text('mail_status').notNullable().defaultTo('pending'); // pending | sent | failed
    t.text('mail_error').nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('help_requests');
}
