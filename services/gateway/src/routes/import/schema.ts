import { z } from 'zod';
import { single } from '../../http';

/** `POST /api/orders/import?date=YYYY-MM-DD`: the paid import of every order since that day. */
export const ImportDate = z.iso
  .date({ error: 'Bitte gib ein Datum im Format JJJJ-MM-TT an' })
  .refine((d) => d >= '2006-01-01', 'Das Datum liegt zu weit zurück')
  .refine((d) => d <= new Date().toISOString().slice(0, 10), 'Das Datum darf nicht in der Zukunft liegen');

export const OrderImportQuery = z.object({ date: z.preprocess(single, ImportDate) });

/** `POST /api/orders/import/range?from=&to=`: the days from `from` to `to`, both included. */
export const OrderImportRangeQuery = z.object({
  from: z.preprocess(single, ImportDate),
  to: z.preprocess(single, ImportDate),
});
