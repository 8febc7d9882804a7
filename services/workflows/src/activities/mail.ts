import { ApplicationFailure, heartbeat } from '@temporalio/activity';
import { mailStore } from '@belegfluss/db';
import { MailError, sendDocumentMail, type MailDeps } from '@belegfluss/mail';
import type { ActivityDeps } from './deps';
import { lexwareAccess } from './lexware-step';

/** What the workflow keeps of a mail: the outcome and, for a skip, its reason. */
export interface MailOutcome {
  outcome: string;
  reason?: string;
}

/**
 * The mail the shop's settings ask for once a document is created (intent `auto`). The claim
 * in @belegfluss/mail makes a retry, a replay or a duplicate event send it at most once.
 * Failures that another attempt can't fix (a draft, Lexware disconnected) are not retried.
 */
export async function mailDocument(deps: MailDeps, shopId: string, documentId: string): Promise<MailOutcome> {
  const beat = setInterval(() => heartbeat(), 2_000);
  try {
    const result = await sendDocumentMail(deps, { shopId, documentId, intent: 'auto' });
    // An earlier attempt holds the claim (or died holding it): try again once it is stale.
    if (result.outcome === 'in_progress')
      throw ApplicationFailure.retryable('Ein anderer Versuch versendet diese E-Mail gerade.', 'MAIL_IN_PROGRESS');
    return { outcome: result.outcome, ...('reason' in result ? { reason: result.reason } : {}) };
  } catch (error) {
    if (error instanceof MailError && !error.retryable)
      throw ApplicationFailure.nonRetryable(error.message, `MAIL_${error.code}`);
    throw error;
  } finally {
    clearInterval(beat);
  }
}

/** The shop's automatic mail of a finalised invoice or credit note, at most once. */
export function createMailActivities(deps: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail' | 'documentFiles'>) {
  const { db, box, mail, documentFiles } = deps;
  const { lexware } = lexwareAccess(deps);
  return {
    sendDocumentMail: (shopId: string, documentId: string) =>
      mailDocument({ store: mailStore(db, box), lexware, mail, documentFiles }, shopId, documentId),
  };
}
