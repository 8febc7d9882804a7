import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { EU_VAT_ID_PATTERNS } from '@belegfluss/shared';
import { readJson } from '../http/body.js';
import { body, ControlError } from '../control/validate.js';
import { VIES_MEMBER_STATES, ViesRegister } from './register.js';

/** The path of VIES's REST interface at ec.europa.eu; the stand-in serves it under the same path. */
export const VIES_REST_PATH = '/taxation_customs/vies/rest-api';

const MESSAGES: Record<string, string> = {
  INVALID_INPUT: 'The provided CountryCode is invalid or the VAT number is empty',
  INVALID_REQUESTER_INFO: 'The requester info is invalid',
  SERVICE_UNAVAILABLE: 'An error was encountered either at the network level or the Web application level',
  MS_UNAVAILABLE: 'The application at the Member State is not replying or not available',
};

/** VIES's failure shape; it sends it with 200 as well as with an error status (INVALID_INPUT is a 400). */
function fail(ctx: Context, error: keyof typeof MESSAGES, status = 200) {
  ctx.status = status;
  ctx.body = { actionSucceed: false, errorWrappers: [{ error, message: MESSAGES[error] }] };
}

const wellFormed = (country: unknown, number: unknown): boolean =>
  typeof country === 'string' &&
  typeof number === 'string' &&
  VIES_MEMBER_STATES.includes(country) &&
  (EU_VAT_ID_PATTERNS[country]?.test(`${country}${number}`) ?? false);

/**
 * VIES's REST interface as the app uses it: POST check-vat-number ({countryCode, vatNumber} and optionally the
 * requester's {requesterMemberStateCode, requesterNumber}) answers {countryCode, vatNumber, requestDate, valid,
 * requestIdentifier, name, address}, or {actionSucceed: false, errorWrappers: [{error, message}]}; GET check-status
 * tells which member states answer. As strict as VIES: a malformed ID or country is INVALID_INPUT, a malformed
 * requester INVALID_REQUESTER_INFO, an unknown well-formed ID valid: false with "---" for name and address.
 */
export function viesRoutes(register: ViesRegister): Router {
  const router = new Router({ prefix: VIES_REST_PATH });
  router.post('/check-vat-number', async (ctx) => {
    let input: Record<string, unknown>;
    try {
      const raw = await readJson(ctx);
      input = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    } catch {
      input = {};
    }
    const countryCode = input.countryCode;
    const vatNumber =
      typeof input.vatNumber === 'string' ? input.vatNumber.replace(/[\s.-]/g, '').toUpperCase() : input.vatNumber;
    const record = (answer: string) => register.requests.push({ at: new Date().toISOString(), body: input, answer });
    if (!wellFormed(countryCode, vatNumber)) {
      record('INVALID_INPUT');
      return fail(ctx, 'INVALID_INPUT', 400);
    }
    const requester = input.requesterMemberStateCode ?? input.requesterNumber;
    if (requester !== undefined && !wellFormed(input.requesterMemberStateCode, input.requesterNumber)) {
      record('INVALID_REQUESTER_INFO');
      return fail(ctx, 'INVALID_REQUESTER_INFO');
    }
    if (register.serviceDown) {
      record('SERVICE_UNAVAILABLE');
      return fail(ctx, 'SERVICE_UNAVAILABLE');
    }
    if (register.unavailable.has(countryCode as string)) {
      record('MS_UNAVAILABLE');
      return fail(ctx, 'MS_UNAVAILABLE');
    }
    const known = register.ids.get(`${countryCode as string}${vatNumber as string}`);
    const valid = known?.valid ?? false;
    record(valid ? 'valid' : 'invalid');
    ctx.body = {
      countryCode,
      vatNumber,
      requestDate: new Date().toISOString(),
      valid,
      requestIdentifier: requester !== undefined ? ViesRegister.requestIdentifier() : '',
      name: valid ? known!.name : '---',
      address: valid ? known!.address : '---',
      traderName: '---',
      traderStreet: '---',
      traderPostalCode: '---',
      traderCity: '---',
      traderCompanyType: '---',
      traderNameMatch: 'NOT_PROCESSED',
      traderStreetMatch: 'NOT_PROCESSED',
      traderPostalCodeMatch: 'NOT_PROCESSED',
      traderCityMatch: 'NOT_PROCESSED',
      traderCompanyTypeMatch: 'NOT_PROCESSED',
    };
  });
  router.get('/check-status', (ctx) => {
    ctx.body = {
      vow: { available: !register.serviceDown },
      countries: VIES_MEMBER_STATES.map((countryCode) => ({
        countryCode,
        availability: register.serviceDown || register.unavailable.has(countryCode) ? 'Unavailable' : 'Available',
      })),
    };
  });
  return router;
}

const IdState = z.object({
  valid: z.boolean({ error: 'valid ist true oder false' }),
  name: z.string().trim().max(200).optional(),
  address: z.string().trim().max(500).optional(),
});
const MemberState = z.object({ available: z.boolean({ error: 'available ist true oder false' }) });
const Service = z.object({ available: z.boolean({ error: 'available ist true oder false' }) });

/**
 * The stand-in's knobs on the control port: an ID valid or not (PUT /control/vies/vat-ids/ATU12345678
 * {valid, name?, address?}), a member state's service down or back (PUT /control/vies/member-states/AT
 * {available}), VIES itself down (PUT /control/vies/service {available}), GET /control/vies for all of it
 * with the requests received, DELETE /control/vies back to the start.
 */
export function viesControlRoutes(register: ViesRegister): Router {
  const router = new Router({ prefix: '/control/vies' });
  router.get('/', (ctx) => {
    ctx.body = {
      vatIds: Object.fromEntries(register.ids),
      unavailable: [...register.unavailable],
      serviceDown: register.serviceDown,
      requests: register.requests,
    };
  });
  router.put('/vat-ids/:vatId', async (ctx) => {
    const vatId = ctx.params.vatId!.replace(/[\s.-]/g, '').toUpperCase();
    if (!wellFormed(vatId.slice(0, 2), vatId.slice(2)))
      throw new ControlError(400, `„${vatId}“ ist keine USt-IdNr. im Format von VIES (z. B. ATU12345678).`);
    const input = await body(ctx, IdState);
    register.ids.set(vatId, {
      valid: input.valid,
      name: input.name ?? 'Musterfirma GmbH',
      address: input.address ?? 'Musterstraße 1\n1010 Wien',
    });
    ctx.body = { vatId, ...register.ids.get(vatId) };
  });
  router.put('/member-states/:code', async (ctx) => {
    const code = ctx.params.code!.toUpperCase();
    if (!VIES_MEMBER_STATES.includes(code))
      throw new ControlError(400, `„${code}“ ist kein Mitgliedstaat von VIES (z. B. AT, DE, EL, XI).`);
    const input = await body(ctx, MemberState);
    if (input.available) register.unavailable.delete(code);
    else register.unavailable.add(code);
    ctx.body = { memberState: code, available: input.available };
  });
  router.put('/service', async (ctx) => {
    register.serviceDown = !(await body(ctx, Service)).available;
    ctx.body = { available: !register.serviceDown };
  });
  router.delete('/', (ctx) => {
    register.reset();
    ctx.status = 204;
  });
  return router;
}
