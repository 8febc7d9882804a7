import Router from '@koa/router';
import type { Context } from 'koa';
import {
  createPartnerCoupon,
  partnerCoupons,
  partnerOverview,
  partnerPayout,
  partnerPayouts,
  partnerPreferences,
  partnerRedemptions,
  removePartnerCoupon,
  requestPayout,
  savePartnerPreferences,
  shopView,
} from '@belegfluss/db';
import {
  MAX_PARTNER_COUPONS,
  PARTNER_COUPON_MESSAGES,
  PARTNER_COUPON_TYPES,
  PARTNER_RELEASE_DAYS,
  PAYOUT_GATEWAYS,
} from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { BadRequestWith, ForbiddenWith, NotFound, Conflict, Unprocessable, type CodedError } from '../../errors';
import { body, NoBody, query, readJson, validate } from '../../http';
import { requirePartner } from '../../middleware/permissions';
import { sessionOf } from '../../middleware/session';
import { renderPayoutReceipt } from './receipt';
import {
  PartnerCouponBody,
  PartnerCouponCode,
  PartnerPreferencesBody,
  PAYOUT_MESSAGES,
  PayoutId,
  RedemptionListQuery,
} from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  partner: 'Partner overview (partner flag)',
  'partner.coupons': "The partner's coupons",
  'partner.coupon.create': '{type}: create a coupon with that code',
  'partner.coupon.delete': 'Delete a coupon',
  'partner.redemptions': '?sort&tab&search: redemptions of the coupons',
  'partner.payouts': 'Payouts',
  'partner.payout.request': 'Request a payout of the released provisions',
  'partner.payout.receipt': 'The payout receipt as base64 PDF',
  'partner.preferences': 'Payout details',
  'partner.preferences.patch': 'Save payout details (PayPal e-mail or bank account)',
});

const couponError = (answer: CodedError, code: keyof typeof PARTNER_COUPON_MESSAGES, field?: string) =>
  answer(code, PARTNER_COUPON_MESSAGES[code], field);

const partnerOf = (ctx: Context) => sessionOf(ctx).shop;

/** /api/partner/*: only shops with the partner flag. */
export function partnerRoutes(gw: GatewayContext, api: Router): void {
  const partner = new Router({ prefix: '/api/partner' });
  partner.use(requirePartner(gw));

  /** The overview: allowance, coupon statistics, provision sums by status, payout sums. */
  partner.get('partner', '/', async (ctx) => {
    ctx.body = await partnerOverview(gw.db, partnerOf(ctx));
  });

  partner.get('partner.coupons', '/coupons', async (ctx) => {
    const items = await partnerCoupons(gw.db, partnerOf(ctx));
    ctx.body = {
      items: items.map((c) => ({
        code: c.code,
        type: PARTNER_COUPON_TYPES.find((t) => t.months === c.intervals && t.percent === c.value)?.id ?? null,
        value: c.value,
        intervals: c.intervals,
        views: c.views,
        redemptions: c.redemptions,
        createdAt: c.createdAt.toISOString(),
      })),
      types: PARTNER_COUPON_TYPES,
      max: MAX_PARTNER_COUPONS,
    };
  });

  /** Errors are codes with their field text; the code is the path, the discount type the body. */
  partner.post('partner.coupon.create', '/coupons/:code', async (ctx) => {
    const code = PartnerCouponCode.safeParse(ctx.params.code);
    if (!code.success) throw couponError(BadRequestWith, 'COUPON_INVALID', 'code');
    const parsed = PartnerCouponBody.safeParse(await readJson(ctx));
    if (!parsed.success) throw couponError(BadRequestWith, 'TYPE_NOT_FOUND', 'type');
    const type = PARTNER_COUPON_TYPES.find((t) => t.id === parsed.data.type)!;
    const result = await createPartnerCoupon(gw.db, {
      partnerShopId: partnerOf(ctx),
      code: code.data,
      percent: type.percent,
      months: type.months,
      comment: `${type.percent} % für ${type.months} ${type.months === 1 ? 'Monat' : 'Monate'}`,
      max: MAX_PARTNER_COUPONS,
    });
    if ('problem' in result) throw couponError(Conflict, result.problem, 'code');
    ctx.status = 201;
    ctx.body = {
      code: result.coupon.code,
      type: type.id,
      value: result.coupon.value,
      intervals: result.coupon.intervals,
      message: 'Coupon erstellt',
    };
  });

  partner.delete('partner.coupon.delete', '/coupons/:code', async (ctx) => {
    const code = PartnerCouponCode.safeParse(ctx.params.code);
    if (!code.success) throw couponError(ForbiddenWith, 'UNAUTHORIZED');
    const result = await removePartnerCoupon(gw.db, partnerOf(ctx), code.data);
    if (result === 'UNAUTHORIZED') throw couponError(ForbiddenWith, 'UNAUTHORIZED');
    if (result === 'PENDING_PROVISION') throw couponError(Conflict, 'PENDING_PROVISION');
    ctx.body = { deleted: 1, message: '1 Coupon(s) gelöscht' };
  });

  partner.get('partner.redemptions', '/redemptions', async (ctx) => {
    ctx.body = { items: await partnerRedemptions(gw.db, partnerOf(ctx), query(ctx, RedemptionListQuery)) };
  });

  partner.get('partner.payouts', '/payouts', async (ctx) => {
    ctx.body = { items: await partnerPayouts(gw.db, partnerOf(ctx)), gateways: PAYOUT_GATEWAYS };
  });

  /** Requests a payout of the released provisions to the gateway on file. */
  partner.post('partner.payout.request', '/payouts', async (ctx) => {
    validate(NoBody, await readJson(ctx));
    const result = await requestPayout(gw.db, partnerOf(ctx), {
      releaseDays: PARTNER_RELEASE_DAYS,
      gateways: PAYOUT_GATEWAYS,
    });
    if ('payout' in result) {
      ctx.status = 201;
      ctx.body = result.payout;
      return;
    }
    if (result.problem === 'NO_GATEWAY') throw Unprocessable('NO_GATEWAY', PAYOUT_MESSAGES.NO_GATEWAY, 'gateway');
    const prefs = await partnerPreferences(gw.db, partnerOf(ctx));
    throw Unprocessable(
      'BELOW_THRESHOLD',
      PAYOUT_MESSAGES.BELOW_THRESHOLD(result.amount, PAYOUT_GATEWAYS[prefs.gateway ?? 'bank'].threshold),
    );
  });

  partner.get('partner.payout.receipt', '/payouts/:id/receipt', async (ctx) => {
    const id = PayoutId.safeParse(ctx.params.id);
    const payout = id.success ? await partnerPayout(gw.db, partnerOf(ctx), id.data) : undefined;
    if (!payout) throw NotFound(PAYOUT_MESSAGES.notFound);
    const pdf = await renderPayoutReceipt(partnerOf(ctx), await partnerPreferences(gw.db, partnerOf(ctx)), payout);
    ctx.body = { mimetype: 'application/pdf', content: pdf.toString('base64') };
  });

  partner.get('partner.preferences', '/preferences', async (ctx) => {
    ctx.body = await partnerPreferences(gw.db, partnerOf(ctx));
  });

  /** The answer is the updated shop (with the saved partner preferences). */
  partner.patch('partner.preferences.patch', '/preferences', async (ctx) => {
    const req = await body(ctx, PartnerPreferencesBody);
    const saved = await savePartnerPreferences(gw.db, partnerOf(ctx), {
      ...req,
      vatId: req.vatId ?? null,
      address: req.address ?? null,
      ...(req.gateway === 'paypal'
        ? { paypalEmail: req.paypalEmail }
        : { bankName: req.bankName, iban: req.iban, bic: req.bic }),
    });
    ctx.body = { ...(await shopView(gw.db, partnerOf(ctx))), partnerPreferences: saved, message: 'Gespeichert' };
  });

  api.use(partner.routes(), partner.allowedMethods());
}
