import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  BreakingChangeType,
  buildClientSchema,
  DangerousChangeType,
  findBreakingChanges,
  findDangerousChanges,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

/*
 * Shopify's published Admin GraphQL schemas, as `@shopify/dev-mcp` ships them (an introspection result per
 * API version, gzipped). Tests hold the sandbox and the app's documents against them, so that nothing the
 * app knows about Shopify comes from our own guesses. Only for tests: the package is a dev dependency.
 */

// The package exports only its server's entry points, so the data files are found next to them by hand.
function dataDir(): string {
  const dirs = createRequire(import.meta.url).resolve.paths('@shopify/dev-mcp') ?? [];
  const found = dirs.map((d) => join(d, '@shopify', 'dev-mcp', 'dist', 'data')).find((d) => existsSync(d));
  if (!found) throw new Error('@shopify/dev-mcp is not installed (a dev dependency of @belegfluss/shopify)');
  return found;
}

/** The dated versions (`2025-10`, …) whose Admin schema the package ships, oldest first; `unstable` is not one. */
export function publishedAdminVersions(): string[] {
  return readdirSync(dataDir())
    .map((f) => /^admin_(\d{4}-\d{2})\.json\.gz$/.exec(f)?.[1])
    .filter((v): v is string => !!v)
    .sort();
}

const cache = new Map<string, GraphQLSchema>();

export function publishedAdminSchema(version: string): GraphQLSchema {
  let schema = cache.get(version);
  if (!schema) {
    const json = JSON.parse(gunzipSync(readFileSync(join(dataDir(), `admin_${version}.json.gz`))).toString('utf8')) as {
      data: IntrospectionQuery;
    };
    schema = buildClientSchema(json.data);
    cache.set(version, schema);
  }
  return schema;
}

// What a subset may lack without being different: whole types, fields, arguments, enum values, union members.
const LEFT_OUT = new Set<string>([
  BreakingChangeType.TYPE_REMOVED,
  BreakingChangeType.FIELD_REMOVED,
  BreakingChangeType.ARG_REMOVED,
  BreakingChangeType.VALUE_REMOVED_FROM_ENUM,
  BreakingChangeType.TYPE_REMOVED_FROM_UNION,
  BreakingChangeType.IMPLEMENTED_INTERFACE_REMOVED,
]);
// Additions on Shopify's side that are again only things the subset leaves out.
const SHOPIFY_HAS_MORE = new Set<string>([
  DangerousChangeType.VALUE_ADDED_TO_ENUM,
  DangerousChangeType.TYPE_ADDED_TO_UNION,
  DangerousChangeType.OPTIONAL_ARG_ADDED,
  DangerousChangeType.OPTIONAL_INPUT_FIELD_ADDED,
  DangerousChangeType.IMPLEMENTED_INTERFACE_ADDED,
]);

/**
 * Where `subset` is not a subset of `published`: a type, field, argument, input field, enum value or union
 * member that Shopify does not have, or one it has with another kind, nullability, list shape or default.
 * graphql's change finders run both ways: published → subset finds what the subset changed or added
 * (minus what it merely leaves out), subset → published finds what it has that Shopify does not and
 * where it is looser (a nullable field Shopify declares non-null shows only in this direction).
 * Directives are not compared: Shopify's own (@accessRestricted, …) say nothing about shapes.
 */
export function schemaDifferences(published: GraphQLSchema, subset: GraphQLSchema): string[] {
  const found = [
    ...findBreakingChanges(published, subset).filter((c) => !LEFT_OUT.has(c.type)),
    ...findDangerousChanges(published, subset),
    ...findBreakingChanges(subset, published),
    ...findDangerousChanges(subset, published).filter((c) => !SHOPIFY_HAS_MORE.has(c.type)),
  ].filter((c) => !c.type.startsWith('DIRECTIVE_'));
  // One difference shows in both directions: "Order.x changed type from A to B" and from B to A, an enum
  // value "added to" one side and "removed from" the other.
  const seen = new Set<string>();
  return found
    .map((c) => c.description)
    .filter((d) => {
      const key =
        /^(\S+) changed type from /.exec(d)?.[1] ??
        /^(\S+ arg \S+) has changed /.exec(d)?.[1] ??
        /^(\S+) was (?:added to|removed from) (enum type \S+)$/.exec(d)?.slice(1).join(' ') ??
        d;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort();
}
