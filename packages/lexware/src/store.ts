import type { DocumentFileLimits } from '@belegfluss/shared/settings';

/**
 * What a Lexware client must keep between calls, across processes: the shop's tokens, the shared request
 * slots, the document numbers it learned and the files it fetched. The client only states what it needs;
 * the service hands in a store (packages/db has one), so this package talks to Lexware and to nothing else.
 */

/** The shop's tokens in the clear: sealing them at rest is the store's business. */
export interface LexwareTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  /** The Lexware organisation the tokens reach, once its profile was read (null before). */
  organizationId?: string | null;
}

export interface LexwareSessionStore {
  /** The shop's tokens, or null when the shop has no connection. */
  tokens(shopId: string): Promise<LexwareTokens | null>;
  /**
   * Runs `work` while no other process can refresh the shop's tokens; `save` stores renewed ones within
   * that hold, so a refresh token is never spent twice.
   */
  refreshing<T>(
    shopId: string,
    work: (tokens: LexwareTokens | null, save: (tokens: LexwareTokens) => Promise<void>) => Promise<T>,
  ): Promise<T>;
  /**
   * A wait for the next request slot of `key`, shared by every process; background gives way to live work,
   * and the askers (`turn`, the shop) sharing one key take the slots in turn.
   */
  throttle(key: string, perSecond: number, opts: { background?: boolean; turn?: string }): () => Promise<void>;
}

/** The voucher numbers Lexware names only after the create (see numbers.ts). */
export interface DocumentNumberStore {
  /** The shop's finalised documents without a number, oldest voucher date first. */
  documentsWithoutNumber(shopId: string): Promise<Array<{ lexwareId: string; voucherDate: string | null }>>;
  documentNumberOf(shopId: string, lexwareId: string): Promise<string | null>;
  /** A number once set is never overwritten. */
  setDocumentNumbers(shopId: string, numbers: Array<{ lexwareId: string; number: string }>): Promise<void>;
}

/** The PDF of a document, or an e-invoice's XML. */
export type DocumentFileKind = 'pdf' | 'xml';

/** Which document a kept file belongs to: our row, its shop, and the voucher it came from. */
export interface DocumentFileOwner {
  id: string;
  shopId: string;
  lexwareId: string;
}

export interface DocumentFileStore {
  /** The kept file, unless older than maxAgeDays or from another voucher than the row's. */
  keptDocumentFile(
    owner: DocumentFileOwner,
    kind: DocumentFileKind,
    maxAgeDays: number,
  ): Promise<{ content: Buffer } | undefined>;
  /** Keeps a file within the shop's bound; false when the file alone exceeds it. */
  keepDocumentFile(
    owner: DocumentFileOwner,
    kind: DocumentFileKind,
    file: { contentType: string; content: Buffer },
    limits: DocumentFileLimits,
  ): Promise<boolean>;
}

/** Everything the package keeps, as the services wire it once. */
export type LexwareStore = LexwareSessionStore & DocumentNumberStore & DocumentFileStore;
