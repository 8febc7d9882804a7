import { describeSmtpError } from './errors';
import { createMailTransport, type MailServer } from './server';

export type SmtpCheck = { ok: true } | { ok: false; message: string };

/**
 * A real connection to the server: greeting, TLS as chosen, and the login when a user is
 * given (nodemailer's verify). Never longer than `timeoutMs`.
 */
export async function checkSmtp(server: MailServer, timeoutMs = 15_000): Promise<SmtpCheck> {
  const transport = createMailTransport(server, timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
        timeoutMs + 1_000,
      );
    });
    await Promise.race([transport.verify(), timeout]);
    return { ok: true };
  } catch (error) {
    return { ok: false, message: describeSmtpError(error, server) };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}
