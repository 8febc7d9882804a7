import { LexwareOauthError } from './errors';

/** Lexware's partner OAuth2 (authorization code with refresh), on the app host. */
export interface LexwareOauthConfig {
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  scope: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  scope: string;
}

export function authorizeUrl(cfg: LexwareOauthConfig, state: string): string {
  const q = new URLSearchParams({
    client_id: cfg.clientId,
    redirect_uri: cfg.redirectUri,
    response_type: 'code',
    scope: cfg.scope,
    state,
  });
  return `${cfg.oauthUrl}/authorize?${q}`;
}

async function tokenRequest(cfg: LexwareOauthConfig, form: Record<string, string>): Promise<TokenSet> {
  const res = await fetch(`${cfg.oauthUrl}/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form),
  });
  const body = (await res.json().catch(() => ({}))) as {
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
    scope?: string;
    error?: string;
    error_description?: string;
  };
  if (!res.ok || !body.access_token || !body.refresh_token) {
    throw new LexwareOauthError(
      res.status,
      body.error ?? 'unknown',
      `Lexware-Anmeldung fehlgeschlagen (${res.status}): ${body.error_description ?? body.error ?? 'unbekannter Fehler'}`,
    );
  }
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    expiresAt: new Date(Date.now() + (body.expires_in ?? 3600) * 1000),
    scope: body.scope ?? cfg.scope,
  };
}

export const exchangeCode = (cfg: LexwareOauthConfig, code: string) =>
  tokenRequest(cfg, { grant_type: 'authorization_code', code, redirect_uri: cfg.redirectUri });

export const refreshTokens = (cfg: LexwareOauthConfig, refreshToken: string) =>
  tokenRequest(cfg, { grant_type: 'refresh_token', refresh_token: refreshToken });

export async function revokeToken(cfg: LexwareOauthConfig, refreshToken: string): Promise<void> {
  const res = await fetch(`${cfg.oauthUrl}/revoke`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ token: refreshToken }),
  });
  if (!res.ok)
    throw new LexwareOauthError(res.status, 'revoke_failed', `Lexware-Abmeldung fehlgeschlagen (${res.status})`);
}
