import type { DocumentFileLimits } from '@belegfluss/shared/settings';
import type { Db } from '../connection';
import type { SecretBox } from '../secrets';
import { getConnection, updateTokens, withLockedConnection } from './connections';
import {
  keepDocumentFile,
  keptDocumentFile,
  type DocumentFile,
  type DocumentFileKind,
  type DocumentFileOwner,
} from './document-files';
import { documentNumberOf, documentsWithoutNumber, setDocumentNumbers } from './documents';
import { sharedThrottle } from './rate';

interface Tokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  organizationId?: string | null;
}

const opened = (
  box: SecretBox,
  row: { accessTokenEnc: string; refreshTokenEnc: string; expiresAt: Date; organizationId: string | null },
): Tokens => ({
  accessToken: box.open(row.accessTokenEnc),
  refreshToken: box.open(row.refreshTokenEnc),
  expiresAt: new Date(row.expiresAt),
  organizationId: row.organizationId,
});

/**
 * What the Lexware client keeps (its LexwareStore): the shop's tokens sealed at rest, request slots shared
 * by every process, learned document numbers and kept files. Built once where a service wires its clients.
 */
export function lexwareStore(db: Db, box: SecretBox) {
  return {
    tokens: async (shopId: string): Promise<Tokens | null> => {
      const row = await getConnection(db, shopId);
      return row ? opened(box, row) : null;
    },
    refreshing: <T>(
      shopId: string,
      work: (tokens: Tokens | null, save: (tokens: Tokens) => Promise<void>) => Promise<T>,
    ): Promise<T> =>
      withLockedConnection(db, shopId, (row, trx) =>
        work(row ? opened(box, row) : null, (t) =>
          updateTokens(trx, shopId, {
            accessTokenEnc: box.seal(t.accessToken),
            refreshTokenEnc: box.seal(t.refreshToken),
            expiresAt: t.expiresAt,
          }),
        ),
      ),
    throttle: (key: string, perSecond: number, opts: { background?: boolean; turn?: string }) =>
      sharedThrottle(db, key, perSecond, opts),
    documentsWithoutNumber: (shopId: string) => documentsWithoutNumber(db, shopId),
    documentNumberOf: (shopId: string, lexwareId: string) => documentNumberOf(db, shopId, lexwareId),
    setDocumentNumbers: (shopId: string, numbers: Array<{ lexwareId: string; number: string }>) =>
      setDocumentNumbers(db, shopId, numbers),
    keptDocumentFile: (owner: DocumentFileOwner, kind: DocumentFileKind, maxAgeDays: number) =>
      keptDocumentFile(db, owner, kind, maxAgeDays),
    keepDocumentFile: (
      owner: DocumentFileOwner,
      kind: DocumentFileKind,
      file: DocumentFile,
      limits: DocumentFileLimits,
    ) => keepDocumentFile(db, owner, kind, file, limits),
  };
}
