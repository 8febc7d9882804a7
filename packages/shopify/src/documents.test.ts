import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { SHOPIFY_API_VERSION } from '@belegfluss/shared/config';
import { Kind, NoDeprecatedCustomRule, parse, validate, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { ADMIN_DOCUMENTS, bulkOrdersQuery, orderMetafieldsQuery, readMetafieldsQuery } from './documents';
import { publishedAdminSchema } from './published-schema';

const schema = publishedAdminSchema(SHOPIFY_API_VERSION);

/** graphql's validation of a document against Shopify's schema: fields, arguments, fragments, variable types. */
const errors = (document: string) => validate(schema, parse(document)).map((e) => e.message);

const owners = ['shop', 'order', 'customer', 'company', 'product', 'variant'] as const;

describe(`the app's GraphQL documents against Shopify's published ${SHOPIFY_API_VERSION} schema`, () => {
  it.each(Object.entries(ADMIN_DOCUMENTS))('%s validates', (name, document) => {
    expect(errors(document)).toEqual([]);
    const operation = parse(document).definitions[0] as OperationDefinitionNode;
    expect(operation.name?.value).toBe(name);
  });

  it('the bulk export of orders validates, with and without an end', () => {
    expect(errors(bulkOrdersQuery('2026-01-01T00:00:00+01:00', '2026-02-01T00:00:00+01:00'))).toEqual([]);
    expect(errors(bulkOrdersQuery('2026-01-01T00:00:00+01:00'))).toEqual([]);
  });

  it('the metafield reads validate for every owner, and their variables cover what they declare', () => {
    const list = owners.map((resource, i) => ({ resource, namespace: 'custom', key: `k${i}`, alias: `m${i}` }));
    for (const built of [
      orderMetafieldsQuery('gid://shopify/Order/1', list),
      ...owners.map((o) => readMetafieldsQuery('gid://shopify/Order/1', [list.find((e) => e.resource === o)!])),
      readMetafieldsQuery('gid://shopify/Order/1', list),
    ]) {
      expect(errors(built.query)).toEqual([]);
      const operation = parse(built.query).definitions[0] as OperationDefinitionNode;
      expect(operation.kind).toBe(Kind.OPERATION_DEFINITION);
      expect(Object.keys(built.variables).sort()).toEqual(
        (operation.variableDefinitions ?? []).map((v) => v.variable.name.value).sort(),
      );
    }
  });

  // Shopify removes a deprecated field in a later version. These uses are still to move (their replacements
  // mean other values: publicDisplayName, or bulkOperations with a status filter); any new one fails here.
  it('uses no deprecated field but the known ones', () => {
    const documents = [...Object.values(ADMIN_DOCUMENTS), bulkOrdersQuery('2026-01-01T00:00:00+01:00')];
    const deprecated = documents.flatMap((d) =>
      validate(schema, parse(d), [NoDeprecatedCustomRule]).map(
        (e) => /The field (\S+) is deprecated/.exec(e.message)?.[1],
      ),
    );
    expect([...new Set(deprecated)].sort()).toEqual(['QueryRoot.currentBulkOperation', 'ShopPlan.displayName']);
  });

  it('a document Shopify does not know fails, so the check above can fail', () => {
    expect(errors('query X($id: String!) { order(id: $id) { id kind } }')).toHaveLength(2);
  });
});

// A document written anywhere else would reach Shopify unchecked: only ./documents.ts may hold one.
const ROOT = join(import.meta.dirname, '../../..');
const SOURCES = ['packages/shopify/src', 'services/gateway/src', 'services/workflows/src'];
const DOCUMENT_START = /[`'"]\s*(?:(?:query|mutation)\b\s*\w*\s*[({]|\{\s*[a-z]\w*\s*[({])/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('where the documents live', () => {
  it('no source file but ./documents.ts writes a GraphQL document for Shopify', () => {
    const elsewhere = SOURCES.flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .filter((file) => !file.endsWith('packages/shopify/src/documents.ts'))
      .filter((file) => DOCUMENT_START.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(elsewhere).toEqual([]);
  });
});
