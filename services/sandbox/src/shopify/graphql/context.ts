import { GraphQLError } from 'graphql';
import type { Sandbox } from '../../sandbox.js';
import type { ShopState } from '../../state.js';
import { shopId } from '../topic-payloads.js';

export interface GqlContext {
  sb: Sandbox;
  shop: ShopState;
  scopes: string[];
  /** From the request path (/admin/api/{version}/graphql.json). */
  apiVersion: string;
  /** Inside a bulk operation: connections need no first/last and return every node. */
  bulk?: boolean;
}

/** write_X implies read_X, as in Shopify. */
export function hasScope(ctx: GqlContext, scope: string): boolean {
  return (
    ctx.scopes.includes(scope) || (scope.startsWith('read_') && ctx.scopes.includes(scope.replace('read_', 'write_')))
  );
}

export function requireScope(ctx: GqlContext, scope: string, field: string): void {
  if (hasScope(ctx, scope)) return;
  throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    extensions: {
      code: 'ACCESS_DENIED',
      documentation: 'https://shopify.dev/api/usage/access-scopes',
      requiredAccess: `\`${scope}\` access scope.`,
    },
  });
}

export const shopGid = (shop: ShopState) => `gid://shopify/Shop/${shopId(shop)}`;
