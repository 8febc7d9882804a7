import type { Knex } from 'knex';

/**
 * The requests waiting for a Lexware slot, one row per shop and process that waits. Several shops can share one
 * limit (one organisation); the slot goes round the shops that wait, so a shop's burst never starves another.
 * `alive_until` lets the turns of a process that died lapse instead of blocking the queue.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lexware_rate_turns', (t) => {
    t.bigIncrements('id').primary();
    t.text('key').notNullable();
    t.text('turn').notNullable();
    t.boolean('background').notNullable().defaultTo(false);
    t.timestamp('alive_until', { useTz: true }).notNullable();
    t.index(['key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('lexware_rate_turns');
}
