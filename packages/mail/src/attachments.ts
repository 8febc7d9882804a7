import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { MailFile } from './message';
import { isTestHost, OutboundRefused, resolvePublic, STRICT_OUTBOUND, type OutboundPolicy } from './outbound';

const MAX_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 3;
/** What a merchant may attach (the extensions the settings allow: html, pdf, doc, docx, images). */
const CONTENT_TYPES = new Set([
  'application/pdf',
  'text/html',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'image/jpeg',
  'image/png',
  'image/gif',
  'application/octet-stream',
]);

export interface SkippedAttachment {
  url: string;
  reason: string;
}

export interface FetchLimits {
  timeoutMs?: number;
  maxBytes?: number;
}

/** A failure whose text may be shown: it tells the merchant what to fix, never what answered behind an address. */
class Unfit extends Error {}

/**
 * One GET to an address checked just before: the socket goes to that address (the name is only
 * used for TLS and the Host header), so DNS can't answer differently between check and connect.
 */
function get(url: URL, address: string, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      {
        host: address,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        signal,
        // SNI carries names only; for an address the certificate is checked against the address itself.
        ...(isIP(url.hostname.replace(/^\[|\]$/g, '')) ? {} : { servername: url.hostname }),
        headers: { host: url.host, 'user-agent': 'Belegfluss-Anhang/1.0', accept: '*/*' },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      res.destroy();
      throw new Unfit('größer als 10 MB');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * One attachment, by the rules for addresses a user gave: https to public addresses only, checked
 * again on every redirect hop; at most 10 MB, one of the attachable types, within the time limit.
 */
export async function fetchAttachment(
  rawUrl: string,
  policy: OutboundPolicy = STRICT_OUTBOUND,
  limits: FetchLimits = {},
): Promise<MailFile> {
  const signal = AbortSignal.timeout(limits.timeoutMs ?? 15_000);
  const maxBytes = limits.maxBytes ?? MAX_BYTES;
  let url = new URL(rawUrl);
  for (let hop = 0; ; hop++) {
    const plainAllowed = url.protocol === 'http:' && isTestHost(policy, url.hostname);
    if (url.protocol !== 'https:' && !plainAllowed) throw new Unfit('nur https-Adressen sind erlaubt');
    if (url.username || url.password) throw new Unfit('Adressen mit Zugangsdaten sind nicht erlaubt');
    const address = await resolvePublic(policy, url.hostname);
    const res = await get(url, address, signal);
    if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && res.headers.location) {
      res.resume();
      if (hop >= MAX_REDIRECTS) throw new Unfit('zu viele Weiterleitungen');
      url = new URL(res.headers.location, url);
      continue;
    }
    if (res.statusCode !== 200) {
      res.resume();
      throw new Unfit(`HTTP ${res.statusCode ?? '?'}`);
    }
    const contentType = (res.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase();
    if (!CONTENT_TYPES.has(contentType)) {
      res.destroy();
      throw new Unfit(`Dateityp ${contentType} ist nicht erlaubt`);
    }
    if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
      res.destroy();
      throw new Unfit('größer als 10 MB');
    }
    const content = await readCapped(res, maxBytes);
    const name = decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'Anhang';
    return { filename: name, content, contentType };
  }
}

/**
 * The extra attachment URLs, fetched before the SMTP conversation starts, so a dead link
 * can't break a message half-way. A file that can't be fetched is left out and reported — with a
 * reason that doesn't tell a closed port from a timeout, so the answer can't scan a network.
 */
export async function fetchAttachments(
  urls: readonly string[],
  policy: OutboundPolicy = STRICT_OUTBOUND,
  limits: FetchLimits = {},
): Promise<{ files: MailFile[]; skipped: SkippedAttachment[] }> {
  const results = await Promise.all(
    urls.map(async (url) => {
      try {
        return { url, file: await fetchAttachment(url, policy, limits) };
      } catch (error) {
        const detail = error instanceof Unfit || error instanceof OutboundRefused ? error.message : 'nicht erreichbar';
        return { url, reason: `Anhang konnte nicht geladen werden (${detail})` };
      }
    }),
  );
  return {
    files: results.flatMap((r) => (r.file ? [r.file] : [])),
    skipped: results.flatMap((r) => (r.reason ? [{ url: r.url, reason: r.reason }] : [])),
  };
}
