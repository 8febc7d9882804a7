import type { Knex } from 'knex';

/**
 * The historical import counts each page once: a retried page finds the cursor already moved
 * on. The wizard's import keeps its run here so its progress outlives the gateway and worker.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('order_imports', (t) => {
    t.text('cursor').nullable();
  });
  await knex.schema.createTable('wizard_imports', (t) => {
    t.text('shop_id').primary().references('shops.id').onDelete('CASCADE');
    t.text('workflow_id').notNullable();
    t.text('status').notNullable().defaultTo('running'); // running | completed | failed
    t.integer('orders').notNullable().defaultTo(0);
    t.integer('documents').notNullable().defaultTo(0);
    t.integer('linked').notNullable().defaultTo(0);
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true }).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('wizard_imports');
  await knex.schema.alterTable('order_imports', (t) => t.dropColumn('cursor'));
}
