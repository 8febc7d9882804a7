import type { Knex } from 'knex';

/**
 * Contacts belong to one Lexware organisation. `contact_links` (the cache of what we pushed for a
 * customer e-mail) gains the organisation, so a shop reconnected to another organisation never hands it a
 * contact id of the old one. `contact_claims` makes the creation of a customer's contact happen once per
 * organisation however many of their orders arrive at once: whoever holds the claim (a lease, renewed
 * while working) searches and creates; the others wait and then find the contact.
 * The install link's OAuth states get the indexes their cleanup needs.
 */
export async function up(knex: Knex): Promise<void> {
  // The old links name no organisation; they are a cache, so they go and are found again by e-mail.
  await knex('contact_links').delete();
  await knex.schema.alterTable('contact_links', (t) => {
    t.dropPrimary();
    t.text('organization_id').notNullable();
    t.primary(['shop_id', 'organization_id', 'email']);
  });
  await knex.schema.createTable('contact_claims', (t) => {
    t.text('organization_id').notNullable();
    t.text('email').notNullable(); // lower case
    t.uuid('contact_id');
    t.text('owner');
    t.timestamp('claimed_until', { useTz: true });
    t.primary(['organization_id', 'email']);
  });
  await knex.schema.alterTable('oauth_states', (t) => {
    t.index(['expires_at']);
    t.index(['provider', 'shop_id', 'expires_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('oauth_states', (t) => {
    t.dropIndex(['provider', 'shop_id', 'expires_at']);
    t.dropIndex(['expires_at']);
  });
  await knex.schema.dropTableIfExists('contact_claims');
  await knex('contact_links').delete();
  await knex.schema.alterTable('contact_links', (t) => {
    t.dropPrimary();
    t.dropColumn('organization_id');
    t.primary(['shop_id', 'email']);
  });
}
