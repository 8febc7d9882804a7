import { z } from 'zod';

/**
 * The order and the kind of document in /api/orders/{id}/… paths. They live here, below the order routes, because
 * the order list shows the documents (their links and numbers) and so imports from this folder, not back.
 */
export const OrderIdParam = z.string().regex(/^\d{1,20}$/, 'Ungültige Bestellnummer');
export const DocumentTypeParam = z.enum(['invoice', 'credit'], { error: 'Belegart ist invoice oder credit' });

/** POST /api/orders/{id}/invoice/{receipt}/cancel: the receipt is our document's uuid. */
export const ReceiptParam = z.string().regex(/^[0-9a-f-]{36}$/i, 'Ungültige Beleg-ID');
