import type { Knex } from 'knex';

/** The repairs asked for from a month's report: finding key → when, so the page shows what is under way. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('completeness_audits', (t) => {
    t.jsonb('repairs').notNullable().defaultTo('{}');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('completeness_audits', (t) => t.dropColumn('repairs'));
}
