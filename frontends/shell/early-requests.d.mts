/** Types of early-requests.mjs (plain JavaScript, read by rsbuild.config.ts and the tests). */
export const earlyConfigScript: string;
export const earlyShopScript: string;
export function earlyPageRequests(pathname: string, search: string): string[];
export const earlyRemoteScript: string;
export function remoteAreaOf(pathname: string, remotes: Record<string, string>): string | undefined;
export function landingPageOf(pathname: string): 'orders' | 'audit' | 'order' | 'log' | undefined;
export function entryAfterPaintScript(src: string): string;
export function earlyChunksScript(startup: string[], files: Record<string, string[]>): string;
export function firstViewOf(pathname: string, paths: { path: string; under?: boolean }[]): number;
export function firstViewScript(options: {
  paths: { path: string; under?: boolean; byPlan?: boolean }[];
  shopKey: string;
}): string;
export function planViewKey(plan: { name: string; logMaxAge: number }): string;
export function firstPaintScript(options: {
  frame: string;
  slot: string;
  pages: (string | Record<string, string>)[];
  bannerPrefix: string;
}): string;
