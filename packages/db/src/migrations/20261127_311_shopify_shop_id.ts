import type { Knex } from 'knex';

/**
 * Shopify's numeric id of the shop, read at install. Compliance and app webhooks name their shop by it, and
 * their signature covers the body only: a body naming another id than the header's shop is refused.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shops', (t) => {
    t.text('shopify_shop_id').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shops', (t) => t.dropColumn('shopify_shop_id'));
}
