import type { MailFile } from './message';

const MAX_BYTES = 10 * 1024 * 1024;

export interface SkippedAttachment { url: string; reason: string }

/**
 * The extra attachment URLs, fetched before the SMTP conversation starts, so a dead link
 * can't break a message half-way. A file that can't be fetched is left out and reported.
 */
export async function fetchAttachments(urls: readonly string[], timeoutMs = 15_000): Promise<{ files: MailFile[]; skipped: SkippedAttachment[] }> {
  const files: MailFile[] = [];
  const skipped: SkippedAttachment[] = [];
  for (const url of urls) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const content = Buffer.from(await res.arrayBuffer());
      if (content.length > MAX_BYTES) throw new Error('größer als 10 MB');
      const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '') || 'Anhang';
      files.push({ filename: name, content, contentType: res.headers.get('content-type')?.split(';')[0] ?? 'application/octet-stream' });
    } catch (error) {
      skipped.push({ url, reason: `Anhang konnte nicht geladen werden (${(error as Error).message})` });
    }
  }
  return { files, skipped };
}
