import type { Knex } from 'knex';

/**
 * The orders of the audited month that are due no documents, by the reason the order workflow gives
 * (e.g. SKIP_DATE for orders before the installation): a report that found nothing must say that these
 * were not counted, or "Alles vollständig" reads as if they had their documents.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('completeness_audits', (t) => {
    t.jsonb('not_counted').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('completeness_audits', (t) => {
    t.dropColumn('not_counted');
  });
}
