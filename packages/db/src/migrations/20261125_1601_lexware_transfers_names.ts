import type { Knex } from 'knex';

/**
 * One name for each idea in the schema too: the accounting service is `lexware` (it was called lexoffice
 * until 2025), and the plan's monthly quota is counted in `transfers` ("credits" are credit notes).
 */
const TABLES: [string, string][] = [
  ['lexoffice_connections', 'lexware_connections'],
  ['lexoffice_rate', 'lexware_rate'],
];
const COLUMNS: [string, string, string][] = [
  ['documents', 'lexoffice_id', 'lexware_id'],
  ['bank_transactions', 'lexoffice_id', 'lexware_id'],
  ['plans', 'credits_quota', 'transfers_quota'],
  ['shops', 'credits_quota', 'transfers_quota'],
  ['shops', 'credits_reset_at', 'transfers_reset_at'],
  ['shops', 'credits_period_start', 'transfers_period_start'],
  ['shops', 'credits_exhausted_at', 'transfers_exhausted_at'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [from, to] of TABLES) await knex.schema.renameTable(from, to);
  for (const [table, from, to] of COLUMNS) await knex.schema.alterTable(table, (t) => t.renameColumn(from, to));
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, from, to] of COLUMNS) await knex.schema.alterTable(table, (t) => t.renameColumn(to, from));
  for (const [from, to] of TABLES) await knex.schema.renameTable(to, from);
}
