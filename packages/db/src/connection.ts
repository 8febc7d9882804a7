import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import * as core from './migrations/20261121_001_core';
import * as orders from './migrations/20261121_002_orders';
import * as stats from './migrations/20261122_001_stats';
import * as rate from './migrations/20261122_002_rate';
import * as bankTransactions from './migrations/20261122_401_bank_transactions';
import * as billing from './migrations/20261122_501_billing';
import * as mail from './migrations/20261122_301_mail';
import * as purchases from './migrations/20261122_601_purchases';
import * as contactLinks from './migrations/20261122_701_contact_links';
import * as notificationSends from './migrations/20261122_801_notification_sends';
import * as webhookCallbackUrl from './migrations/20261123_101_webhook_callback_url';
import * as contactClaims from './migrations/20261123_301_contact_claims';
import * as billingPeriods from './migrations/20261123_201_billing_periods';
import * as payoutRuns from './migrations/20261123_202_payout_runs';
import * as importDays from './migrations/20261123_401_import_days';
import * as helpRequests from './migrations/20261123_501_help_requests';
import * as rateLimits from './migrations/20261124_1401_rate_limits';
import * as contactClaimKeys from './migrations/20261124_1402_contact_claim_keys';
import * as completenessAudits from './migrations/20261124_19b01_completeness_audits';
import * as lexwareTransfersNames from './migrations/20261125_1601_lexware_transfers_names';
import * as auditRepairs from './migrations/20261125_1901_audit_repairs';
import * as payoutRecipient from './migrations/20261127_201_payout_recipient';
import * as documentFiles from './migrations/20261127_351_document_files';
import * as shopifyShopId from './migrations/20261127_311_shopify_shop_id';
import * as oneB2bNetSetting from './migrations/20261127_901_one_b2b_net_setting';
import * as auditNotCounted from './migrations/20261127_902_audit_not_counted';
import * as creditNotesPaidoff from './migrations/20261127_903_credit_notes_paidoff';
import * as importRanges from './migrations/20261127_931_import_ranges';
import * as vatIdChecks from './migrations/20261127_904_vat_id_checks';
import * as wizardImportHandOver from './migrations/20261127_9901_wizard_import_hand_over';
import * as multishopRateTurns from './migrations/20261127_multishop_01_rate_turns';
import * as multishopLexwareGrants from './migrations/20261127_multishop_02_lexware_grants';
import { PLANS } from '@belegfluss/shared';

// Postgres returns NUMERIC and BIGINT as strings to be safe; our amounts fit a double
// and our counts fit 2^53, so the domain gets numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export type Db = Knex;

/** Migrations listed in code, so they load the same under tsx, vitest and bundlers. */
const MIGRATIONS: Record<string, { up(k: Knex): Promise<void>; down(k: Knex): Promise<void> }> = {
  '20261121_001_core': core,
  '20261121_002_orders': orders,
  '20261122_001_stats': stats,
  '20261122_002_rate': rate,
  '20261122_401_bank_transactions': bankTransactions,
  '20261122_501_billing': billing,
  '20261122_301_mail': mail,
  '20261122_601_purchases': purchases,
  '20261122_701_contact_links': contactLinks,
  '20261122_801_notification_sends': notificationSends,
  '20261123_101_webhook_callback_url': webhookCallbackUrl,
  '20261123_301_contact_claims': contactClaims,
  '20261123_201_billing_periods': billingPeriods,
  '20261123_202_payout_runs': payoutRuns,
  '20261123_401_import_days': importDays,
  '20261123_501_help_requests': helpRequests,
  '20261124_1401_rate_limits': rateLimits,
  '20261124_1402_contact_claim_keys': contactClaimKeys,
  '20261124_19b01_completeness_audits': completenessAudits,
  '20261125_1601_lexware_transfers_names': lexwareTransfersNames,
  '20261125_1901_audit_repairs': auditRepairs,
  '20261127_201_payout_recipient': payoutRecipient,
  '20261127_351_document_files': documentFiles,
  '20261127_311_shopify_shop_id': shopifyShopId,
  '20261127_901_one_b2b_net_setting': oneB2bNetSetting,
  '20261127_902_audit_not_counted': auditNotCounted,
  '20261127_903_credit_notes_paidoff': creditNotesPaidoff,
  '20261127_931_import_ranges': importRanges,
  '20261127_904_vat_id_checks': vatIdChecks,
  '20261127_9901_wizard_import_hand_over': wizardImportHandOver,
  '20261127_multishop_01_rate_turns': multishopRateTurns,
  '20261127_multishop_02_lexware_grants': multishopLexwareGrants,
};

const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name]!,
};

export function createDb(connectionString: string, pool = { min: 0, max: 10 }): Db {
  return knexFactory({ client: 'pg', connection: connectionString, pool });
}

/** Migrations this release has that the database has not run yet, by name. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const [, pending] = (await db.migrate.list({ migrationSource, tableName: 'knex_migrations' })) as [unknown, string[]];
  return pending.map((m) => migrationSource.getMigrationName(m));
}

/** Brings the schema up to date and seeds the plan table from the spec's constants. */
export async function migrateLatest(db: Db): Promise<void> {
  await db.migrate.latest({ migrationSource, tableName: 'knex_migrations' });
  await db('plans')
    .insert(
      PLANS.map((p, sort) => ({
        id: p.id,
        name: p.name,
        monthly_price: p.monthlyPrice,
        transfers_quota: p.transfersQuota,
        log_max_age: p.logMaxAge,
        import_price: p.importPrice,
        private: p.private,
        sort,
      })),
    )
    .onConflict('id')
    .merge();
}

/** Creates the database named in the URL when it does not exist yet (fresh machines). */
export async function ensureDatabase(connectionString: string): Promise<void> {
  const url = new URL(connectionString);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}
