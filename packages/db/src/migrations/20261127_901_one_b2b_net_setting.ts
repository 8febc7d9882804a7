import type { Knex } from 'knex';

/**
 * Net invoices to business customers had two switches that could disagree: contacts' eInvoiceNet
 * (the e-invoice area) and invoices' b2bAsNet (the invoice format). Every invoice plan reads b2bAsNet,
 * eInvoiceNet only widened it, so b2bAsNet stays the one setting: a shop that had eInvoiceNet on keeps
 * its net B2B invoices (and with them Lexware's ZUGFeRD) through b2bAsNet, and eInvoiceNet is dropped.
 * Running it again finds nothing left to move.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into shop_preferences (shop_id, section, value)
    select shop_id, 'invoices', '{"b2bAsNet": true}'::jsonb from shop_preferences
    where section = 'contacts' and value->'eInvoiceNet' = 'true'::jsonb
    on conflict (shop_id, section)
    do update set value = shop_preferences.value || '{"b2bAsNet": true}'::jsonb, updated_at = now()`);
  await knex.raw(`
    update shop_preferences set value = value - 'eInvoiceNet', updated_at = now()
    where section = 'contacts' and value \\? 'eInvoiceNet'`);
}

export async function down(): Promise<void> {
  // The merged value cannot be split again; b2bAsNet keeps what both switches meant.
}
