import type { Knex } from 'knex';

/**
 * A shop's own SMTP sender (host, port, encryption, user, email, name, error),
 * its password sealed by the SecretBox, and one row per mail we mean to send: the row is
 * claimed before the SMTP conversation, so a retried activity or a second click of the
 * same intent finds it and never sends the document twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shop_smtp', (t) => {
    t.text('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.text('host').notNullable();
    t.integer('port').nullable();
    t.text('encryption').notNullable().defaultTo('SSL'); // SSL | TLS
    t.text('user').notNullable().defaultTo('');
    t.text('pass_enc').nullable();
    t.text('email').notNullable();
    t.text('name').notNullable().defaultTo('');
    t.text('status').notNullable().defaultTo('unchecked'); // unchecked | connected | interrupted
    t.text('error').nullable();
    t.timestamp('checked_at', { useTz: true }).nullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('mail_sends', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.uuid('document_id').notNullable().references('documents.id').onDelete('CASCADE');
    t.text('intent').notNullable(); // auto | manual:{key}
    // claimed → sending → sent; a definite SMTP refusal → failed (may be claimed again);
    // an attempt that died after `sending` → uncertain (never sent again automatically)
    t.text('status').notNullable().defaultTo('claimed');
    t.uuid('claim_token').notNullable();
    t.integer('attempts').notNullable().defaultTo(1);
    t.text('recipient').notNullable();
    t.text('sender').nullable(); // own | default
    t.text('message_id').nullable();
    t.text('error').nullable();
    t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true }).nullable();
    t.unique(['document_id', 'intent']);
    t.index(['shop_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('mail_sends');
  await knex.schema.dropTableIfExists('shop_smtp');
}
