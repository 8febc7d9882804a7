import { z } from 'zod';

/** POST /api/orders/{id}/invoice/{receipt}/cancel: the receipt is our document's uuid. */
export const ReceiptParam = z.string().regex(/^[0-9a-f-]{36}$/i, 'Ungültige Beleg-ID');
