import type { MailServer } from './server';

interface SmtpError {
  code?: string;
  responseCode?: number;
  command?: string;
  syscall?: string;
  message?: string;
  reason?: string;
}

const as = (error: unknown): SmtpError =>
  typeof error === 'object' && error !== null ? (error as SmtpError) : { message: String(error) };

const TLS_MISMATCH =
  /wrong version number|ssl routines|packet length too long|unknown protocol|Greeting never received|STARTTLS/i;

/** What went wrong, in German, for the sender form and the log (the error is stored). */
export function describeSmtpError(error: unknown, server: Pick<MailServer, 'host' | 'port' | 'servername'>): string {
  const e = as(error);
  const host = server.servername ?? server.host;
  const where = `${host}:${server.port}`;
  if (e.code === 'EAUTH' || e.responseCode === 535)
    return 'Anmeldung am SMTP-Server fehlgeschlagen: Benutzername oder Passwort ist falsch.';
  if (e.responseCode === 530) return 'Der SMTP-Server verlangt eine Anmeldung. Bitte gib Benutzername und Passwort an.';
  if (e.responseCode === 538)
    return 'Der SMTP-Server verlangt eine verschlüsselte Verbindung. Bitte wähle SSL oder TLS.';
  if (e.code === 'EDNS' || e.syscall === 'getaddrinfo')
    return `Der SMTP-Server „${host}“ wurde nicht gefunden. Bitte prüfe den Hostnamen.`;
  if (e.code === 'ETLS' || TLS_MISMATCH.test(e.message ?? '')) {
    return `Die Verschlüsselung passt nicht zum Server ${where}. Meist gilt: SSL für Port 465, TLS für Port 587.`;
  }
  if (/certificate|self[- ]signed|CERT_/i.test(e.message ?? ''))
    return `Das Zertifikat des SMTP-Servers ${where} ist ungültig.`;
  if (e.syscall === 'connect' || e.code === 'ETIMEDOUT' || e.code === 'ECONNECTION' || e.code === 'ESOCKET') {
    return `Der SMTP-Server ${where} ist nicht erreichbar. Bitte prüfe Host und Port.`;
  }
  if (
    e.code === 'EENVELOPE' ||
    (e.responseCode && e.responseCode >= 500 && /MAIL FROM|RCPT TO/.test(e.command ?? ''))
  ) {
    return `Der SMTP-Server hat Absender oder Empfänger abgelehnt: ${e.message ?? ''}`.trim();
  }
  return `SMTP-Verbindung fehlgeschlagen: ${e.message ?? 'unbekannter Fehler'}`;
}

const NOT_SENT_CODES = new Set([
  'EAUTH',
  'ENOAUTH',
  'EENVELOPE',
  'ETLS',
  'EDNS',
  'ECONFIG',
  'EMESSAGE',
  'ESTREAM',
  'EREQUIRETLS',
  'EFETCH',
  'EURLACCESS',
  'EFILEACCESS',
]);

/**
 * Whether the server may have accepted the message despite the error. A definite answer
 * (an SMTP reply code), a refused login or envelope, or a connection that never opened
 * means it was not sent; a connection lost once the message was on its way leaves it open.
 */
export function deliveryUnknown(error: unknown): boolean {
  const e = as(error);
  if (typeof e.responseCode === 'number' && e.responseCode >= 400) return false;
  if (e.code && NOT_SENT_CODES.has(e.code)) return false;
  if (e.syscall === 'connect' || e.syscall === 'getaddrinfo') return false;
  if (/Greeting never received|Connection timeout/i.test(e.message ?? '')) return false;
  return true;
}

/** Worth another try later (a busy or unreachable server), unlike a refused login or address. */
export function isTransient(error: unknown): boolean {
  const e = as(error);
  if (typeof e.responseCode === 'number') return e.responseCode < 500;
  return !(e.code === 'EAUTH' || e.code === 'ENOAUTH' || e.code === 'EENVELOPE' || e.code === 'EDNS');
}
