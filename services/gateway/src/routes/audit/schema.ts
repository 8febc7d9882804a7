import { z } from 'zod';

/** POST /api/audits/{month}/repair: the findings chosen, or all of them, and the confirmation credits need. */
export const RepairRequest = z
  .object({
    keys: z.array(z.string().max(200)).max(5000).optional(),
    all: z.boolean().optional(),
    confirm: z.boolean().optional(),
  })
  .strict();

const MONTH = 'Bitte wähle einen Monat im Format JJJJ-MM.';
/** A month of the audit, as the body of POST /api/audits and the path of the others name it. */
export const Month = z.string({ error: MONTH }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH);
/** POST /api/audits */
export const AuditStartBody = z.object({ month: Month });
