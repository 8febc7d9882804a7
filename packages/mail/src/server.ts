import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { SMTP_DEFAULT_PORT, type SmtpEncryption } from '@belegfluss/shared';
import { resolveSmtpHost, type OutboundPolicy } from './outbound';

/** One SMTP server to talk to: the app's default sender or a shop's own. */
export interface MailServer {
  host: string;
  /** The name the certificate must carry when `host` is the address it was resolved to. */
  servername?: string;
  port: number;
  /** TLS from the first byte (SSL, port 465); otherwise STARTTLS, required when `requireTLS`. */
  secure: boolean;
  requireTLS: boolean;
  auth: { user: string; pass: string } | null;
}

/**
 * The default sender's settings (SMTP_URL, MAIL_FROM), and OUTBOUND_TEST_HOSTS: the `.test` names
 * that may stand for local servers in tests and development (see outbound.ts).
 */
export interface DefaultSender {
  smtpUrl: string;
  from: string;
  outboundTestHosts?: string;
}

/** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
export function parseSmtpUrl(url: string): MailServer {
  const u = new URL(url);
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, not ${u.protocol}`);
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    requireTLS: false,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : null,
  };
}

/** A shop's sender form as a server: SSL means TLS from the start, TLS means STARTTLS and nothing less. */
export function shopServer(input: {
  host: string;
  port?: number | null;
  encryption: SmtpEncryption;
  user: string;
  pass: string | null;
}): MailServer {
  return {
    host: input.host,
    port: input.port ?? SMTP_DEFAULT_PORT[input.encryption],
    secure: input.encryption === 'SSL',
    requireTLS: input.encryption === 'TLS',
    auth: input.user ? { user: input.user, pass: input.pass ?? '' } : null,
  };
}

// A loopback server is this machine (the sandbox in development) and has a self-signed
// certificate; anywhere else the certificate must be valid.
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * A shop's server as it may be reached: the checked address instead of the name (so DNS can't
 * answer differently between check and connect), the name kept for TLS.
 */
export async function guardShopServer(server: MailServer, policy: OutboundPolicy): Promise<MailServer> {
  const address = await resolveSmtpHost(policy, server.host, server.port);
  return { ...server, host: address, servername: server.servername ?? server.host };
}

export function createMailTransport(
  server: MailServer,
  timeoutMs = 30_000,
): Transporter<SMTPTransport.SentMessageInfo> {
  return nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    requireTLS: server.requireTLS,
    auth: server.auth ?? undefined,
    tls: { rejectUnauthorized: !LOOPBACK.has(server.host), servername: server.servername ?? server.host },
    connectionTimeout: timeoutMs,
    // shorter than the socket timeout, so a server that waits for TLS first says so
    greetingTimeout: Math.min(timeoutMs / 2, 10_000),
    socketTimeout: timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}
