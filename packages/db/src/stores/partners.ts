import type { Db } from '../connection';

export interface PartnerOverview {
  allowance: number;
  email: string | null;
  coupons: { count: number; views: number; redemptions: number };
  provisions: { subscribed: number; verified: number; declined: number };
  payouts: { scheduled: number; paid: number };
}

const DEFAULT_ALLOWANCE = 0.5;

/** The partner overview of spec 3 §3: coupon statistics, provision sums by status, payout sums. */
export async function partnerOverview(db: Db, shopId: string): Promise<PartnerOverview> {
  const [partner, coupons, redemptions, provisions, payouts] = await Promise.all([
    db('partners').where({ shop_id: shopId }).first(),
    db('coupons').where({ partner_shop_id: shopId }).select(db.raw('count(*)::int as count'), db.raw('coalesce(sum(views), 0)::int as views')).first(),
    db('redemptions as r').join('coupons as c', 'c.code', 'r.coupon_code').where('c.partner_shop_id', shopId).count<{ count: number }[]>({ count: '*' }),
    db('redemptions as r').join('coupons as c', 'c.code', 'r.coupon_code').where('c.partner_shop_id', shopId)
      .groupBy('r.status').select('r.status').sum<{ status: string; sum: number | null }[]>({ sum: 'r.provision' }),
    db('payouts').where({ partner_shop_id: shopId }).groupBy('status').select('status').sum<{ status: string; sum: number | null }[]>({ sum: 'provisions' }),
  ]);
  const sumOf = (rows: { status: string; sum: number | null }[], status: string) => Number(rows.find((r) => r.status === status)?.sum ?? 0);
  return {
    allowance: partner ? Number(partner.allowance) : DEFAULT_ALLOWANCE,
    email: (partner?.email as string | null | undefined) ?? null,
    coupons: { count: Number(coupons?.count ?? 0), views: Number(coupons?.views ?? 0), redemptions: Number(redemptions[0]?.count ?? 0) },
    provisions: { subscribed: sumOf(provisions, 'subscribed'), verified: sumOf(provisions, 'verified'), declined: sumOf(provisions, 'declined') },
    payouts: { scheduled: sumOf(payouts, 'scheduled'), paid: sumOf(payouts, 'paid') },
  };
}
