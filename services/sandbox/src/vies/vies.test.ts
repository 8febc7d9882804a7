import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { VatIdEvidence } from '@belegfluss/shared';
import { checkVatId } from '@belegfluss/shared/vies';
import type { RunningSandbox } from '../index.js';
import { json, startTestSandbox } from '../test-support.js';

// The VIES stand-in over real HTTP, with the app's own client: VIES's shapes, its error codes, its knobs.
let sb: RunningSandbox;
const control = (method: string, path: string, body?: unknown) =>
  fetch(`${sb.urls.control}/control/vies${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const post = (body: unknown) =>
  fetch(`${sb.urls.vies}/check-vat-number`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb?.stop();
});
beforeEach(async () => {
  await control('DELETE', '/');
});

describe('the VIES stand-in', () => {
  it('confirms a registered ID with name, address and, for a named requester, a request identifier', async () => {
    const res = await post({
      countryCode: 'AT',
      vatNumber: 'U12345678',
      requesterMemberStateCode: 'DE',
      requesterNumber: '123456789',
    });
    expect(res.status).toBe(200);
    const body = await json<Record<string, unknown>>(res);
    expect(body).toMatchObject({
      countryCode: 'AT',
      vatNumber: 'U12345678',
      valid: true,
      name: 'Alpenhandel GmbH',
      address: 'Mariahilfer Straße 45\n1060 Wien',
    });
    expect(body.requestIdentifier).toMatch(/^WAPI[0-9A-F]{12}$/);
    expect(Date.parse(String(body.requestDate))).not.toBeNaN();
    // Without a requester VIES gives no consultation number.
    expect(
      (await json<Record<string, unknown>>(await post({ countryCode: 'AT', vatNumber: 'U12345678' })))
        .requestIdentifier,
    ).toBe('');
  });

  it('answers valid: false for an unknown well-formed ID and INVALID_INPUT for a malformed one', async () => {
    expect(await json(await post({ countryCode: 'AT', vatNumber: 'U99999999' }))).toMatchObject({
      valid: false,
      name: '---',
      address: '---',
    });
    for (const bad of [{ countryCode: 'AT', vatNumber: '1234' }, { countryCode: 'US', vatNumber: '123456789' }, {}]) {
      const res = await post(bad);
      expect(res.status).toBe(400);
      expect(await json(res)).toEqual({
        actionSucceed: false,
        errorWrappers: [{ error: 'INVALID_INPUT', message: expect.any(String) }],
      });
    }
    const res = await post({
      countryCode: 'AT',
      vatNumber: 'U12345678',
      requesterMemberStateCode: 'DE',
      requesterNumber: 'x',
    });
    expect(await json(res)).toMatchObject({ errorWrappers: [{ error: 'INVALID_REQUESTER_INFO' }] });
  });

  it('turns IDs valid or invalid and member states down or up by its knobs, and rejects bad knob input in German', async () => {
    expect((await control('PUT', '/vat-ids/FR12345678901', { valid: true, name: 'Dubois SARL' })).status).toBe(200);
    expect(await json(await post({ countryCode: 'FR', vatNumber: '12345678901' }))).toMatchObject({
      valid: true,
      name: 'Dubois SARL',
    });
    await control('PUT', '/vat-ids/ATU12345678', { valid: false });
    expect(await json(await post({ countryCode: 'AT', vatNumber: 'U12345678' }))).toMatchObject({ valid: false });

    await control('PUT', '/member-states/AT', { available: false });
    expect(await json(await post({ countryCode: 'AT', vatNumber: 'U12345678' }))).toMatchObject({
      actionSucceed: false,
      errorWrappers: [{ error: 'MS_UNAVAILABLE' }],
    });
    const status = await json<{ countries: { countryCode: string; availability: string }[] }>(
      await fetch(`${sb.urls.vies}/check-status`),
    );
    expect(status.countries.find((c) => c.countryCode === 'AT')?.availability).toBe('Unavailable');
    await control('PUT', '/member-states/AT', { available: true });
    expect(await json(await post({ countryCode: 'AT', vatNumber: 'U12345678' }))).toMatchObject({ valid: false });

    const bad = await control('PUT', '/vat-ids/ATU1', { valid: true });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toMatchObject({ error: expect.stringContaining('keine USt-IdNr.') });
    expect((await control('PUT', '/member-states/US', { available: false })).status).toBe(400);
  });
});

describe("the app's VIES client against the stand-in", () => {
  const store = () => {
    const kept = new Map<string, VatIdEvidence>();
    return {
      kept,
      latest: async (id: string) => kept.get(id) ?? null,
      save: async (e: VatIdEvidence) => void kept.set(e.vatId, e),
    };
  };

  it('keeps the evidence, reuses a confirmation for a day but asks again about a refusal', async () => {
    const s = store();
    const first = await checkVatId('ATU 123 456 78', { baseUrl: sb.urls.vies, requester: 'DE123456789', store: s });
    expect(first).toMatchObject({
      status: 'answered',
      evidence: { vatId: 'ATU12345678', valid: true, name: 'Alpenhandel GmbH', cached: false },
    });
    expect(first.status === 'answered' && first.evidence.requestIdentifier).toMatch(/^WAPI/);
    const asked = (await json<{ requests: unknown[] }>(await control('GET', '/'))).requests.length;

    const again = await checkVatId('ATU12345678', { baseUrl: sb.urls.vies, store: s });
    expect(again).toMatchObject({ status: 'answered', evidence: { valid: true, cached: true } });
    expect((await json<{ requests: unknown[] }>(await control('GET', '/'))).requests).toHaveLength(asked);

    const later = Date.now() + 25 * 3_600_000;
    const nextDay = await checkVatId('ATU12345678', { baseUrl: sb.urls.vies, store: s, now: () => later });
    expect(nextDay).toMatchObject({ status: 'answered', evidence: { cached: false } });

    await checkVatId('ATU99999999', { baseUrl: sb.urls.vies, store: s });
    expect(await checkVatId('ATU99999999', { baseUrl: sb.urls.vies, store: s })).toMatchObject({
      status: 'answered',
      evidence: { valid: false, cached: false, name: null, address: null },
    });
  });

  it('says unavailable, never throws, when a member state or VIES is down or unreachable', async () => {
    await control('PUT', '/member-states/AT', { available: false });
    expect(await checkVatId('ATU12345678', { baseUrl: sb.urls.vies })).toMatchObject({
      status: 'unavailable',
      error: 'MS_UNAVAILABLE',
    });
    await control('PUT', '/service', { available: false });
    expect(await checkVatId('FR12345678901', { baseUrl: sb.urls.vies })).toMatchObject({
      status: 'unavailable',
      error: 'SERVICE_UNAVAILABLE',
    });
    expect(await checkVatId('ATU12345678', { baseUrl: 'http://127.0.0.1:1/vies' })).toMatchObject({
      status: 'unavailable',
      error: 'NETWORK',
    });
  });

  it('asks again without the requester when VIES refuses it', async () => {
    const answer = await checkVatId('ATU12345678', { baseUrl: sb.urls.vies, requester: 'DE1' });
    expect(answer).toMatchObject({ status: 'answered', evidence: { valid: true, requestIdentifier: null } });
  });
});
