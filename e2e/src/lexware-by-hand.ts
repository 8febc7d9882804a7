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
  const res = await untilNotLimited(() => postInvoice(stack, accessToken, opts));
  if (res.status !== 201) throw new Error(`invoice by hand: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * A call to the Lexware API as any of its clients makes it: the organisation's 2 requests a second are shared with
 * the app, as on Lexware, so a 429 is waited out as its Retry-After says and the call made again.
 */
export async function untilNotLimited(call: () => Promise<Response>): Promise<Response> {
  for (;;) {
    const res = await call();
    if (res.status !== 429) return res;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get('retry-after') ?? 1)));
  }
}

function postInvoice(
  stack: Pick<Stack, 'settings'>,
  accessToken: string,
  opts: { voucherDate: string; remark?: string },
): Promise<Response> {
  return fetch(`${stack.settings.lexware.apiUrl}/invoices?finalize=true`, {
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
}
