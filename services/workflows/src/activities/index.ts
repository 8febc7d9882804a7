import type { createCorrectionActivities } from './corrections';
import type { createCreditNoteActivities } from './credit-note';
import type { createDeliveryNoteActivities } from './delivery-notes';
import type { createExchangeActivities } from './exchange';
import type { createInvoiceActivities } from './invoice';
import type { createMailActivities } from './mail';
import type { createMetafieldActivities } from './metafields';
import type { createPaidActivities } from './paid';
import type { createRepairActivities } from './repair';
import type { createRoundActivities } from './rounds';
import type { createTransactionActivities } from './transactions';
import type { createVatIdActivities } from './vies';

export type { ActivityDeps } from './deps';
export type { ShopContext } from './context';
export type { IssueResult } from './documents';

/**
 * The order workflow's activities, one factory per capability (the worker assembles them; the imports, the
 * wizard, the audit, billing, housekeeping and payouts have their own types).
 */
export type Activities = ReturnType<typeof createRoundActivities> &
  ReturnType<typeof createInvoiceActivities> &
  ReturnType<typeof createCreditNoteActivities> &
  ReturnType<typeof createExchangeActivities> &
  ReturnType<typeof createCorrectionActivities> &
  ReturnType<typeof createDeliveryNoteActivities> &
  ReturnType<typeof createRepairActivities> &
  ReturnType<typeof createPaidActivities> &
  ReturnType<typeof createMailActivities> &
  ReturnType<typeof createTransactionActivities> &
  ReturnType<typeof createMetafieldActivities> &
  ReturnType<typeof createVatIdActivities>;
