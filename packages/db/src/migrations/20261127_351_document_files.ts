import type { Knex } from 'knex';

/**
 * Finalised documents' files as Lexware gave them (the PDF, and an e-invoice's XML), so a repeated
 * download is served from here instead of costing the shop a Lexware call. They hang off the document
 * row, so they leave with it and with the shop (shop/redact deletes the shop row). The Lexware id is kept
 * beside the file: a row whose document now points at another voucher is not served.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_files', (t) => {
    t.uuid('document_id').notNullable().references('documents.id').onDelete('CASCADE');
    t.text('kind').notNullable(); // pdf | xml
    t.text('shop_id').notNullable().references('shops.id').onDelete('CASCADE');
    t.text('lexware_id').notNullable();
    t.text('content_type').notNullable();
    t.integer('size').notNullable();
    t.binary('content').notNullable();
    t.timestamp('stored_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['document_id', 'kind']);
    // The per-shop bound walks a shop's files from the newest.
    t.index(['shop_id', 'stored_at']);
  });
  await knex.raw(`alter table document_files add constraint document_files_kind check (kind in ('pdf', 'xml'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('document_files');
}
