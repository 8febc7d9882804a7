/** Types of first-view.mjs (plain JavaScript, run by the app and, as written, by the shell's index.html). */
export const EVENT_LOG_PAGE_SIZE: number;
export interface NumberFormats {
  number(value: number): string;
  money(value: number, currency?: string): string;
  percent(ratio: number): string;
}
export function numberFormats(): NumberFormats;

export interface PartnerSummary {
  allowance?: number | null;
  coupons?: { count?: number; views?: number; redemptions?: number };
  provisions?: { subscribed?: number; verified?: number; declined?: number };
  payouts?: { scheduled?: number; paid?: number };
}
export interface PartnerFigureTexts {
  allowance: string;
  coupons: string;
  views: string;
  redemptions: string;
  subscribed: string;
  verified: string;
  declined: string;
  scheduled: string;
  paid: string;
}
export function partnerFigureTexts(
  summary: PartnerSummary,
  allowance: number,
  format: NumberFormats,
): PartnerFigureTexts;

export interface StaffPerson {
  role: string;
  userId: string;
  shop: string;
  name?: string | null;
}
export function staffLineText(
  person: StaffPerson,
  roleLabels: Record<string, string>,
  label: (person: StaffPerson) => string,
): string;
