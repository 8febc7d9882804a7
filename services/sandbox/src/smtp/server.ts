import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import type { Logger } from 'pino';
import { generate } from 'selfsigned';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { CaughtMail } from './types.js';

export interface MailSettings {
  /** null: AUTH is optional and any credentials pass; set: only these pass, and AUTH is required. */
  auth: { user: string; pass: string } | null;
  /** Refuse AUTH on a connection that is not encrypted (plain port without STARTTLS). */
  requireTls: boolean;
}

export interface SmtpServers {
  port: number;
  securePort: number;
  cert: string;
  stop(): Promise<void>;
}

const MAX_MAILS = 500;

const addresses = (a: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(a) ? a : a ? [a] : []).flatMap((x) => x.value.map((v) => v.address ?? '')).filter(Boolean);

/**
 * A real SMTP server pair: port `smtp` with optional STARTTLS and port `smtps` with implicit TLS,
 * both on a self-signed certificate made at start. Every message is parsed and kept in `mail`.
 */
export async function startSmtp(o: {
  host: string;
  port: number;
  securePort: number;
  settings: MailSettings;
  mail: CaughtMail[];
  log: Logger;
}): Promise<SmtpServers> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' });

  const common: SMTPServerOptions = {
    key: pems.private,
    cert: pems.cert,
    name: 'sandbox.belegfluss.local',
    banner: 'Belegfluss SMTP-Sandbox',
    size: 25 * 1024 * 1024,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onConnect(_session, cb) {
      cb();
    },
    onAuth(auth, session, cb) {
      if (o.settings.requireTls && !session.secure)
        return cb(Object.assign(new Error('Encryption required'), { responseCode: 538 }));
      const want = o.settings.auth;
      if (want && (auth.username !== want.user || auth.password !== want.pass))
        return cb(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
      cb(null, { user: auth.username ?? 'anonymous' });
    },
    onMailFrom(_address, session, cb) {
      if (o.settings.auth && !session.user)
        return cb(Object.assign(new Error('Authentication required'), { responseCode: 530 }));
      cb();
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((parsed) => {
          o.mail.push({
            id: randomUUID(),
            receivedAt: new Date().toISOString(),
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            authUser: typeof session.user === 'string' ? session.user : null,
            secure: session.secure,
            from: parsed.from?.text ?? null,
            to: addresses(parsed.to),
            cc: addresses(parsed.cc),
            bcc: addresses(parsed.bcc),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html === false ? null : (parsed.html ?? null),
            messageId: parsed.messageId ?? null,
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? null,
              contentType: a.contentType,
              size: a.size,
              content: a.content.toString('base64'),
            })),
          });
          if (o.mail.length > MAX_MAILS) o.mail.splice(0, o.mail.length - MAX_MAILS);
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  };

  const plain = new SMTPServer({ ...common, secure: false });
  const tls = new SMTPServer({ ...common, secure: true });
  for (const s of [plain, tls]) s.on('error', (err) => o.log.warn({ err }, 'smtp error'));
  const listen = (s: SMTPServer, port: number) =>
    new Promise<number>((resolve, reject) => {
      s.server.once('error', reject);
      s.listen(port, o.host, () => resolve((s.server.address() as AddressInfo).port));
    });
  const port = await listen(plain, o.port);
  const securePort = await listen(tls, o.securePort);
  return {
    port,
    securePort,
    cert: pems.cert,
    stop: async () => {
      await Promise.all([plain, tls].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}
