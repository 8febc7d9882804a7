import { SHOPIFY_API_VERSION } from '@belegfluss/shared/config';
import { publishedAdminSchema, schemaDifferences } from '@belegfluss/shopify/published-schema';
import { describe, expect, it } from 'vitest';
import { schema } from './schema.js';

// The sandbox stands in for Shopify, so its schema may only leave things out: every type, field, argument,
// enum value and nullability it declares is Shopify's own, as published for the version the app pins.
describe(`the sandbox's Admin schema against Shopify's published ${SHOPIFY_API_VERSION} schema`, () => {
  it('is a subset of it, with no type, field, argument or value that differs', () => {
    expect(schemaDifferences(publishedAdminSchema(SHOPIFY_API_VERSION), schema)).toEqual([]);
  });

  it('names its roots as Shopify does', () => {
    expect(schema.getQueryType()?.name).toBe('QueryRoot');
    expect(schema.getMutationType()?.name).toBe('Mutation');
  });
});
