import type { Knex } from 'knex';

/**
 * The gateway's rate limits (install starts, document link guesses, SMTP checks) count in PostgreSQL, so
 * several gateway processes share one budget. The layout is rate-limiter-flexible's RateLimiterPostgres
 * table: one row per limiter and key, `expire` in epoch milliseconds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('rate_limits', (t) => {
    t.string('key', 255).primary();
    t.integer('points').notNullable().defaultTo(0);
    t.bigInteger('expire');
    t.index(['expire']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('rate_limits');
}
