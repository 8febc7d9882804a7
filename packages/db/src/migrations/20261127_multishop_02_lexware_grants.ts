import type { Knex } from 'knex';

/**
 * One Lexware grant (the OAuth tokens of one consent) can serve several shops of one merchant, for example a
 * German and an Austrian store booking into one organisation. Lexware rotates the refresh token on every
 * refresh, so the tokens must live once, in a row of their own that every shop using them references and
 * locks to refresh: two copies would lock each other out after the first refresh. A shop's
 * `lexware_connections` row keeps what belongs to the shop (its profile, when it connected) and names its grant.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lexware_grants', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('organization_id');
    t.text('connection_id');
    t.text('access_token_enc').notNullable();
    t.text('refresh_token_enc').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.text('scope').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('lexware_connections', (t) => {
    t.uuid('grant_id').references('id').inTable('lexware_grants').onDelete('CASCADE');
    t.index(['grant_id']);
  });
  await knex.raw(`alter table lexware_connections
    alter column access_token_enc drop not null,
    alter column refresh_token_enc drop not null,
    alter column expires_at drop not null`);
  // Every connection so far had a grant of its own: it moves into its own row.
  await knex.raw(`
    with moved as (
      select shop_id, gen_random_uuid() as grant_id, organization_id, connection_id, access_token_enc,
             refresh_token_enc, expires_at, scope
      from lexware_connections where grant_id is null and access_token_enc is not null
    ), grants as (
      insert into lexware_grants (id, organization_id, connection_id, access_token_enc, refresh_token_enc, expires_at, scope)
      select grant_id, organization_id, connection_id, access_token_enc, refresh_token_enc, expires_at, coalesce(scope, '')
      from moved returning id
    )
    update lexware_connections c
       set grant_id = m.grant_id, access_token_enc = null, refresh_token_enc = null, expires_at = null
      from moved m where c.shop_id = m.shop_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update lexware_connections c
      set access_token_enc = g.access_token_enc, refresh_token_enc = g.refresh_token_enc, expires_at = g.expires_at
     from lexware_grants g where g.id = c.grant_id`);
  await knex.schema.alterTable('lexware_connections', (t) => t.dropColumn('grant_id'));
  await knex.schema.dropTableIfExists('lexware_grants');
}
