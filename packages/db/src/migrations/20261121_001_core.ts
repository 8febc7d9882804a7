import type { Knex } from 'knex';

/**
 * The tables the specs name. Shops are keyed by their myshopify domain, which is
 * what every webhook and session token carries. Documents are keyed by an intent
 * (one row per invoice or credit note we mean to create) so that a retried
 * activity finds the row it wrote before instead of creating a second document.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('plans', (t) => {
    t.text('id').primary();
    t.text('name').notNullable();
    t.text('color').notNullable().defaultTo('base');
    t.text('tagline').notNullable().defaultTo('');
    t.decimal('monthly_price', 10, 2).notNullable();
    t.integer('credits_quota').notNullable();
    t.integer('log_max_age').notNullable();
    t.decimal('import_price', 10, 2).nullable();
    t.boolean('private').notNullable().defaultTo(false);
    t.jsonb('features').notNullable().defaultTo('{}');
    t.jsonb('requires').notNullable().defaultTo('{}');
    t.integer('sort').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('shops', (t) => {
    t.text('id').primary(); // demo.myshopify.com
    t.text('name').notNullable().defaultTo('');
    t.text('email').nullable();
    t.text('shopify_plan').nullable();
    t.text('shopify_token_enc').nullable();
    t.specificType('shopify_scopes', 'text[]').notNullable().defaultTo('{}');
    t.boolean('missing_access_token').notNullable().defaultTo(true);
    t.text('home').notNullable().defaultTo('');
    t.text('plan_id').notNullable().defaultTo('free').references('plans.id');
    t.boolean('plan_annual').notNullable().defaultTo(false);
    t.integer('credits_quota').notNullable().defaultTo(10);
    t.timestamp('credits_reset_at', { useTz: true }).notNullable().defaultTo(knex.raw("now() + interval '1 month'"));
    t.timestamp('trial_at', { useTz: true }).nullable();
    t.boolean('partner').notNullable().defaultTo(false);
    t.specificType('permissions', 'text[]').notNullable().defaultTo('{}');
    t.boolean('automation_enabled').notNullable().defaultTo(true);
    t.timestamp('credits_exhausted_at', { useTz: true }).nullable();
    t.timestamp('installed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('uninstalled_at', { useTz: true }).nullable();
    t.timestamps(true, true);
  });

  // Preferences are stored per section (invoices, credits, contacts, ...) as one
  // validated JSON value each, so a PATCH of one screen never touches another.
  await knex.schema.createTable('shop_preferences', (t) => {
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('section').notNullable();
    t.jsonb('value').notNullable().defaultTo('{}');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['shop_id', 'section']);
  });

  await knex.schema.createTable('lexoffice_connections', (t) => {
    t.text('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.text('organization_id').nullable();
    t.text('connection_id').nullable();
    t.text('access_token_enc').notNullable();
    t.text('refresh_token_enc').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.text('scope').notNullable().defaultTo('');
    t.jsonb('profile').nullable();
    t.timestamp('connected_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('pulled_at', { useTz: true }).nullable();
  });

  await knex.schema.createTable('oauth_states', (t) => {
    t.text('nonce').primary();
    t.text('provider').notNullable(); // shopify | lexoffice
    t.text('shop_id').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('documents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('order_id').notNullable();
    t.text('order_name').nullable();
    t.text('type').notNullable(); // invoice | credit
    t.text('intent_key').notNullable(); // invoice:{orderId} | credit:{refundId}
    t.text('lexoffice_id').nullable();
    t.text('contact_id').nullable();
    t.text('number').nullable();
    t.text('title').nullable();
    t.text('status').notNullable().defaultTo('pending'); // pending | draft | open | paid | paidoff | voided
    t.text('currency').notNullable().defaultTo('EUR');
    t.decimal('total', 14, 2).nullable();
    t.jsonb('tax').nullable();
    t.text('profile').nullable(); // NONE | EN16931 | XRechnung
    t.date('voucher_date').nullable();
    t.boolean('cancelled').notNullable().defaultTo(false);
    t.timestamp('attempted_at', { useTz: true }).nullable();
    t.timestamp('hinted_at', { useTz: true }).nullable();
    t.timestamp('emailed_at', { useTz: true }).nullable();
    t.specificType('pdf_token', 'char(32)').nullable().unique();
    t.timestamps(true, true);
    t.unique(['shop_id', 'intent_key']);
    t.index(['shop_id', 'order_id']);
  });

  await knex.schema.createTable('event_log', (t) => {
    t.bigIncrements('id').primary();
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.timestamp('date', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('origin').notNullable();
    t.text('event').notNullable();
    t.text('status').notNullable(); // info | success | warning | critical
    t.text('order_id').nullable();
    t.text('order_name').nullable();
    t.jsonb('ref').notNullable().defaultTo('{}');
    t.jsonb('body').notNullable().defaultTo('{}');
    t.index(['shop_id', 'date']);
    t.index(['shop_id', 'order_id']);
  });

  // The ledger is the source of truth for transfers: one row per charge or grant.
  // A document can be charged once only (unique document_id).
  await knex.schema.createTable('transfer_ledger', (t) => {
    t.bigIncrements('id').primary();
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.uuid('document_id').nullable().unique().references('documents.id').onDelete('SET NULL');
    t.integer('delta').notNullable();
    t.text('reason').notNullable(); // document | reset | import_grant | admin
    t.timestamp('period_start', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['shop_id', 'period_start']);
  });

  await knex.schema.createTable('webhook_inbox', (t) => {
    t.text('webhook_id').primary();
    t.text('event_id').nullable();
    t.text('shop_id').notNullable();
    t.text('topic').notNullable();
    t.text('resource_id').nullable();
    t.timestamp('triggered_at', { useTz: true }).nullable();
    t.jsonb('body').notNullable();
    t.text('status').notNullable().defaultTo('received');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('signalled_at', { useTz: true }).nullable();
    t.text('error').nullable();
    t.unique(['topic', 'event_id']);
    t.index(['signalled_at', 'received_at']);
    t.index(['shop_id', 'status']);
  });

  await knex.schema.createTable('partners', (t) => {
    t.text('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.text('email').nullable();
    t.text('tax_id').nullable();
    t.text('vat_id').nullable();
    t.jsonb('address').nullable();
    t.decimal('allowance', 4, 3).notNullable().defaultTo(0.5);
    t.text('payout_gateway').nullable(); // paypal | bank
    t.text('paypal_email').nullable();
    t.text('bank_name').nullable();
    t.text('iban').nullable();
    t.text('bic').nullable();
    t.timestamps(true, true);
  });

  await knex.schema.createTable('coupons', (t) => {
    t.text('code').primary();
    t.text('partner_shop_id').nullable().references('partners.shop_id').onDelete('CASCADE');
    t.text('type').notNullable(); // percent | amount
    t.decimal('value', 10, 2).notNullable();
    t.integer('intervals').notNullable().defaultTo(1);
    t.specificType('plans', 'text[]').notNullable().defaultTo('{}');
    t.text('comment').nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('views').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['partner_shop_id']);
  });

  await knex.schema.createTable('payouts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('partner_shop_id').notNullable().references('partners.shop_id').onDelete('CASCADE');
    t.date('timespan_start').notNullable();
    t.date('timespan_end').notNullable();
    t.text('status').notNullable().defaultTo('scheduled'); // scheduled | paid
    t.decimal('provisions', 12, 2).notNullable();
    t.decimal('fee', 12, 2).notNullable().defaultTo(0);
    t.text('gateway').notNullable();
    t.text('recipient').notNullable();
    t.timestamp('payment_at', { useTz: true }).nullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['partner_shop_id', 'timespan_start']);
  });

  // Each customer is rewarded once: one redemption per redeeming shop.
  await knex.schema.createTable('redemptions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('coupon_code').notNullable().references('coupons.code');
    t.text('shop_id').notNullable().unique().references('shops.id').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending');
    t.text('plan_id').nullable().references('plans.id');
    t.decimal('provision', 12, 2).nullable();
    t.uuid('payout_id').nullable().references('payouts.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('subscribed_at', { useTz: true }).nullable();
    t.timestamp('released_at', { useTz: true }).nullable();
    t.index(['coupon_code']);
  });

  await knex.schema.createTable('purchases', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('feature').notNullable(); // orderImport
    t.decimal('price', 10, 2).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['shop_id', 'feature']);
  });

  await knex.schema.createTable('order_imports', (t) => {
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.date('day').notNullable();
    t.integer('affected').notNullable().defaultTo(0);
    t.timestamp('imported_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['shop_id', 'day']);
  });

  await knex.schema.createTable('downtimes', (t) => {
    t.bigIncrements('id').primary();
    t.text('status').notNullable(); // warning | active
    t.text('message').notNullable();
    t.timestamp('starts_at', { useTz: true }).notNullable();
    t.timestamp('ends_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'downtimes',
    'order_imports',
    'purchases',
    'redemptions',
    'payouts',
    'coupons',
    'partners',
    'webhook_inbox',
    'transfer_ledger',
    'event_log',
    'documents',
    'oauth_states',
    'lexoffice_connections',
    'shop_preferences',
    'shops',
    'plans',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
