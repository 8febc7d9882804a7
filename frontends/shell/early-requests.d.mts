/** Types of early-requests.mjs (plain JavaScript, read by rsbuild.config.ts and the tests). */
export const earlyConfigScript: string;
export const earlyShopScript: string;
export function earlyPageRequests(pathname: string, search: string, auditMonth: string, logPageSize: number): string[];
export function auditMonthBefore(now: Date): string;
export const earlyRemoteScript: string;
export function remoteAreaOf(pathname: string, remotes: Record<string, string>): string | undefined;
export function landingPageOf(pathname: string): 'orders' | 'audit' | 'order' | 'log' | undefined;
export function entryAfterPaintScript(src: string): string;
export function earlyChunksScript(startup: string[], files: Record<string, string[]>): string;
export function firstViewOf(pathname: string, paths: { path: string; under?: boolean }[]): number;
export function firstViewScript(options: {
  paths: { path: string; under?: boolean; byAnswers?: boolean }[];
  shopKey: string;
}): string;
export function planViewKey(plan: { name: string; logMaxAge: number }): string;
export function firstViewVariant(
  pathname: string,
  answers: { shop?: unknown; pages: Record<string, unknown> },
  helpers: {
    planViewKey: (plan: { name: string; logMaxAge: number }) => string;
    partnerTexts: (summary: unknown) => Record<string, string>;
    staffLine: (person: unknown) => string;
  },
): { key: string; fills?: Record<string, string> } | undefined;
export function firstPaintScript(options: {
  frame: string;
  slot: string;
  pages: (string | Record<string, string>)[];
  bannerPrefix: string;
  partnerAllowance: number;
  staffRoles: Record<string, string>;
  staffLabel: (person: { userId: string; shop: string; name?: string | null }) => string;
}): string;
