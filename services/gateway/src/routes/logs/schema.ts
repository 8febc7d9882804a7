import { z } from 'zod';
import { LOG_ORIGINS, LOG_STATUSES } from '@belegfluss/shared';
import { list, page, search, single, sortDir } from '../../http';

export const LOG_PAGE_SIZE = 25;

export const LogListQuery = z.object({
  sortBy: z.preprocess(
    single,
    z.enum(['date', 'status', 'origin', 'event', 'order'], { error: 'Unbekanntes Sortierfeld' }).default('date'),
  ),
  sortDir,
  search,
  origin: z.preprocess(list, z.array(z.enum(LOG_ORIGINS, { error: 'Unbekannte Herkunft' })).optional()),
  status: z.preprocess(list, z.array(z.enum(LOG_STATUSES, { error: 'Unbekannter Status' })).optional()),
  order: z
    .preprocess(single, z.string().trim().max(64, 'Maximal 64 Zeichen').optional())
    .transform((s) => s || undefined),
  page,
  pageSize: z.preprocess(
    single,
    z.coerce
      .number({ error: 'Die Seitengröße muss eine Zahl sein' })
      .int()
      .min(1, 'Mindestens 1 Eintrag')
      .max(100, 'Höchstens 100 Einträge je Seite')
      .default(LOG_PAGE_SIZE),
  ),
});
export type LogListReq = z.infer<typeof LogListQuery>;
