import type Router from '@koa/router';
import type { Knex } from 'knex';
import {
  getShop,
  preferenceSections,
  savePreferenceSections,
  writeLog,
  inTransaction,
  lockShopForPreferences,
  setShopHome,
  setAutomationEnabled,
} from '@belegfluss/db';
import type { z } from 'zod';
import {
  applyAutomationDependencies,
  automationBadge,
  automationDisabled,
  featuresTurnedOn,
  normalizeSection,
  readStoredSection,
  scopeText,
  type Automation,
} from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { NotFound, Invalid, Unprocessable } from '../../errors';
import { body, validate } from '../../http';
import { sessionOf } from '../../middleware/session';
import { assertPlanFeatures } from '../../plan-gate';
import { startWizardHandOver } from '../import/import';
import {
  AutomationPatch,
  EnableBody,
  EnableParam,
  METAFIELD_SCOPES,
  PatchBody,
  SECTIONS,
  SectionParam,
  STORED_SECTIONS,
  type Section,
  type StoredSection,
} from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  preferences: 'The automation switches as the preferences remote reads them',
  'preferences.patch': 'Change automation switches',
  'preferences.section': 'One section of the settings',
  'preferences.section.patch': 'Change one section',
  'shop.enable': "Master switch with the wizard's invoice and credit switches",
});

type Values = Record<StoredSection, Record<string, unknown>>;
type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Objects merge key by key; arrays, null and scalars replace. */
function merge(base: Raw, patch: Raw): Raw {
  const out: Raw = { ...base };
  for (const [k, v] of Object.entries(patch)) out[k] = isObject(v) && isObject(base[k]) ? merge(base[k], v) : v;
  return out;
}

/** Validates and normalises one section the merchant sends; `forced` names what its rules changed. */
function parseSection(section: StoredSection, input: Raw): { value: Raw; forced: string[] } {
  const normalized = normalizeSection(section, validate(SECTIONS[section].schema as z.ZodType, input) as never);
  return { value: normalized.value as Raw, forced: normalized.forced };
}

/**
 * The invoices screen shows and sets the credit-note switch too, but it is stored once, in credits:
 * the invoices section is read with the credits' value and saved without it.
 */
const toStored = (section: StoredSection, value: Raw): Raw => {
  if (section !== 'invoices') return value;
  const { creditCreate: _shownOnly, ...stored } = value;
  return stored;
};

async function loadAll(db: Knex, shop: string): Promise<Values> {
  const stored = await preferenceSections(db, shop, STORED_SECTIONS);
  const values = Object.fromEntries(STORED_SECTIONS.map((s) => [s, readStoredSection(s, stored[s]) as Raw])) as Values;
  return { ...values, invoices: { ...values.invoices, creditCreate: values.credits.creditCreate } };
}

function automationOf(v: Values): Automation {
  return {
    invoiceCreate: v.invoices.invoiceCreate !== false,
    creditCreate: v.credits.creditCreate === true,
    transactionCreate: v.transactions.transactionCreate === true,
    transactionHints: v.transactions.transactionHints === true,
    transactionFees: v.transactions.transactionFees === true,
  };
}

/** Writes the automation switches back into the sections that own them; a cutoff day survives "on". */
function withAutomation(v: Values, a: Automation): Values {
  const invoiceCreate = a.invoiceCreate
    ? v.invoices.invoiceCreate === false
      ? true
      : v.invoices.invoiceCreate
    : false;
  return {
    ...v,
    invoices: { ...v.invoices, invoiceCreate, creditCreate: a.creditCreate },
    credits: { ...v.credits, creditCreate: a.creditCreate },
    transactions: {
      ...v.transactions,
      transactionCreate: a.transactionCreate,
      transactionHints: a.transactionHints,
      transactionFees: a.transactionFees,
    },
  };
}

/** The automation's dependencies hold across sections, whichever screen changed a switch. */
function enforceDependencies(v: Values): { values: Values; forced: string[]; warnings: string[] } {
  const result = applyAutomationDependencies(automationOf(v), {
    invoiceFinalize: v.invoices.invoiceFinalize as boolean,
    creditFinalize: v.credits.creditFinalize as boolean,
  });
  return { values: withAutomation(v, result.value), forced: result.forced, warnings: result.warnings };
}

function sectionView(section: Section, v: Values): Raw {
  if (section !== 'automation') return v[section];
  const a = automationOf(v);
  return { ...a, badge: automationBadge(a), disabled: automationDisabled(a) };
}

function checkMetafieldScopes(value: Raw, scopes: string[]): void {
  const missing = (scope: string, field: string) => {
    if (!scopes.includes(scope))
      throw Unprocessable(
        'MISSING_SCOPE',
        `Fehlende Shopify-Berechtigung: „${scopeText(scope)}“. Bitte erteile den Zugriff erneut.`,
        field,
      );
  };
  (value.read as { resource: keyof typeof METAFIELD_SCOPES }[]).forEach((e, i) =>
    missing(METAFIELD_SCOPES[e.resource], `read.${i}.resource`),
  );
  if ((value.write as unknown[]).length > 0) missing(METAFIELD_SCOPES.write, 'write');
}

/**
 * Applies a change to one section inside a transaction (the shop row is locked, so two
 * saves of the same shop don't interleave), then the cross-section rules, then writes
 * every section that changed. Nothing is written when validation fails.
 */
export async function changePreferences(gw: GatewayContext, shop: string, section: Section, patch: Raw) {
  return inTransaction(gw.db, async (trx) => {
    const row = await lockShopForPreferences(trx, shop);
    if (!row) throw NotFound('Dieser Shop ist nicht installiert.');
    const before = await loadAll(trx, shop);
    let next: Values = { ...before };
    const forced: string[] = [];
    if (section === 'automation') {
      const change = validate(AutomationPatch, patch);
      const sent = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
      next = withAutomation(before, { ...automationOf(before), ...sent });
    } else {
      const known = Object.keys(SECTIONS[section].schema.shape);
      const unknown = Object.keys(patch).find((k) => !known.includes(k));
      if (unknown) throw Invalid(`Unbekanntes Feld: ${unknown}`, unknown);
      const parsed = parseSection(section, merge(before[section], patch));
      forced.push(...parsed.forced);
      next[section] = parsed.value;
      if (section === 'metafields') checkMetafieldScopes(parsed.value, row.shopifyScopes);
      // The invoices screen sets the credit-note switch as well; it is stored in credits (toStored).
      if ('creditCreate' in patch && (section === 'invoices' || section === 'credits')) {
        next = withAutomation(next, { ...automationOf(next), creditCreate: parsed.value.creditCreate === true });
      }
    }
    const deps = enforceDependencies(next);
    next = deps.values;
    assertPlanFeatures(row.planId, featuresTurnedOn(before, next));
    forced.push(...deps.forced);
    const stored = (v: Values, s: StoredSection) => JSON.stringify(toStored(s, v[s]));
    const changed = STORED_SECTIONS.filter((s) => stored(next, s) !== stored(before, s));
    await savePreferenceSections(trx, shop, Object.fromEntries(changed.map((s) => [s, toStored(s, next[s])])));
    if (changed.includes('general')) await setShopHome(trx, shop, next.general.home);
    return { section, value: sectionView(section, next), forced: [...new Set(forced)], warnings: deps.warnings };
  });
}

export async function readPreferences(gw: GatewayContext, shop: string, section: Section) {
  if (!(await getShop(gw.db, shop))) throw NotFound('Dieser Shop ist nicht installiert.');
  return { section, value: sectionView(section, await loadAll(gw.db, shop)) };
}

/** The preferences remote's automation card reads and writes `false | 'all'` for the three create switches. */
const toWire = (v: Raw) => ({
  invoiceCreate: v.invoiceCreate ? 'all' : false,
  creditCreate: v.creditCreate ? 'all' : false,
  transactionCreate: v.transactionCreate ? 'all' : false,
  transactionFees: v.transactionFees === true,
  transactionHints: v.transactionHints === true,
});

export function preferenceRoutes(gw: GatewayContext, api: Router): void {
  api.get('preferences', '/api/preferences', async (ctx) => {
    ctx.body = toWire((await readPreferences(gw, sessionOf(ctx).shop, 'automation')).value);
  });

  api.patch('preferences.patch', '/api/preferences', async (ctx) => {
    const result = await changePreferences(gw, sessionOf(ctx).shop, 'automation', await body(ctx, PatchBody));
    ctx.body = { ...toWire(result.value), forced: result.forced, warnings: result.warnings };
  });

  api.get('preferences.section', '/api/preferences/:section', async (ctx) => {
    ctx.body = await readPreferences(gw, sessionOf(ctx).shop, validate(SectionParam, ctx.params.section));
  });

  api.patch('preferences.section.patch', '/api/preferences/:section', async (ctx) => {
    const section = validate(SectionParam, ctx.params.section);
    ctx.body = await changePreferences(gw, sessionOf(ctx).shop, section, await body(ctx, PatchBody));
  });

  /** The wizard's last step: the master switch, and invoice and credit creation on or off. */
  api.post('shop.enable', '/api/shop/enable/:value', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const enabled = validate(EnableParam, ctx.params.value);
    const switches = await body(ctx, EnableBody);
    const result = await changePreferences(gw, shop, 'automation', switches);
    // The trial is not spent here: it belongs to the first paid plan the shop takes (TRIAL_DAYS).
    await setAutomationEnabled(gw.db, shop, enabled);
    await writeLog(gw.db, {
      shopId: shop,
      origin: 'shop',
      event: enabled ? 'automation.enabled' : 'automation.disabled',
      status: 'info',
      body: { active: enabled, ...switches },
    });
    if (enabled && result.value.invoiceCreate) await startWizardHandOver(gw, shop);
    ctx.body = {
      enabled,
      invoiceCreate: result.value.invoiceCreate,
      creditCreate: result.value.creditCreate,
      forced: result.forced,
      message: enabled ? 'Belegerstellung aktiviert' : 'Belegerstellung deaktiviert',
    };
  });
}
