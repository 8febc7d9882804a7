import type { Stack } from './stack';

/**
 * An invoice a bookkeeper types into Lexware Office by hand (finalised, one cup), through the sandbox's public
 * API with the organisation's token; answers the created voucher's id.
 */
export async function invoiceByHand(
  stack: Pick<Stack, 'settings'>,
  accessToken: string,
  opts: { voucherDate: string; remark?: string },
): Promise<string> {
  const res = await fetch(`${stack.settings.lexware.apiUrl}/invoices?finalize=true`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      voucherDate: opts.voucherDate,
      ...(opts.remark ? { remark: opts.remark } : {}),
      address: { name: 'Erika Muster', street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', countryCode: 'DE' },
      lineItems: [
        {
          type: 'custom',
          name: 'Tasse',
          quantity: 1,
          unitName: 'Stück',
          unitPrice: { currency: 'EUR', grossAmount: 11.9, taxRatePercentage: 19 },
        },
      ],
      totalPrice: { currency: 'EUR' },
      taxConditions: { taxType: 'gross' },
      shippingConditions: { shippingType: 'none' },
    }),
  });
  if (res.status !== 201) throw new Error(`invoice by hand: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
