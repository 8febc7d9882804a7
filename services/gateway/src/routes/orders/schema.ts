import { z } from 'zod';
import { page, search, single, sortDir } from '../../http';

/** The order list pages by 50. */
export const ORDER_PAGE_SIZE = 50;

export const OrderListQuery = z.object({
  sortBy: z.preprocess(
    single,
    z
      .enum(['name', 'createdAt', 'total', 'financialStatus', 'fulfillmentStatus', 'customer'], {
        error: 'Unbekanntes Sortierfeld',
      })
      .default('createdAt'),
  ),
  sortDir,
  search,
  page,
});
export type OrderListReq = z.infer<typeof OrderListQuery>;
