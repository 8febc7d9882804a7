import { randomBytes, randomUUID } from 'node:crypto';
import type { SandboxState } from '../state.js';
import type { Connection, Organization } from './types.js';

export const PUBLIC_SCOPES = [
  'profile.read',
  'contacts.read',
  'contacts.write',
  'vouchers.read',
  'vouchers.write',
  'files.read',
  'files.write',
  'transaction-assignment-hint.write',
  // The finance API's partner scope names are not public; the sandbox uses these placeholders.
  'finance.read',
  'finance.write',
];

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: string;
}

export function createConnection(
  state: SandboxState,
  org: Organization,
  clientId: string,
  scopes: string[],
): Connection {
  const connection: Connection = {
    id: randomUUID(),
    organizationId: org.id,
    clientId,
    scopes,
    revoked: false,
    createdAt: new Date().toISOString(),
  };
  state.lexware.connections[connection.id] = connection;
  return connection;
}

/** A fresh access token and refresh token; the old refresh token is consumed by the caller. */
export function issueTokens(state: SandboxState, connection: Connection): TokenAnswer {
  const ttl = state.knobs.lexware.tokenTtlSeconds;
  const access = randomBytes(24).toString('base64url');
  const refresh = randomUUID();
  state.lexware.accessTokens[access] = { connectionId: connection.id, expiresAt: Date.now() + ttl * 1000 };
  state.lexware.refreshTokens[refresh] = { connectionId: connection.id };
  return {
    access_token: access,
    token_type: 'bearer',
    refresh_token: refresh,
    expires_in: ttl,
    scope: connection.scopes.join(' '),
  };
}

export interface Resolved {
  connection: Connection;
  org: Organization;
}

export function resolveAccessToken(state: SandboxState, token: string): Resolved | null {
  const entry = state.lexware.accessTokens[token];
  if (!entry || entry.expiresAt < Date.now()) return null;
  const connection = state.lexware.connections[entry.connectionId];
  if (!connection || connection.revoked) return null;
  const org = state.lexware.organizations[connection.organizationId];
  return org ? { connection, org } : null;
}

/** Revoking ends the connection: every access and refresh token of it stops working at once. */
export function revokeConnection(state: SandboxState, connectionId: string): void {
  const connection = state.lexware.connections[connectionId];
  if (connection) connection.revoked = true;
  for (const [k, v] of Object.entries(state.lexware.accessTokens))
    if (v.connectionId === connectionId) delete state.lexware.accessTokens[k];
  for (const [k, v] of Object.entries(state.lexware.refreshTokens))
    if (v.connectionId === connectionId) delete state.lexware.refreshTokens[k];
}
