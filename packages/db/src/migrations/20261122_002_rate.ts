import type { Knex } from 'knex';

/** The next free Lexware request slot per connection, shared by every worker process. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lexoffice_rate', (t) => {
    t.text('key').primary(); // one per Lexware connection
    t.timestamp('next_slot', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('lexoffice_rate');
}
