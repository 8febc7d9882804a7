/** Types of early-requests.mjs (plain JavaScript, read by rsbuild.config.ts and the tests). */
export const earlyConfigScript: string;
export const earlyShopScript: string;
export function earlyPageRequests(pathname: string, search: string): string[];
export const earlyRemoteScript: string;
export function remoteAreaOf(pathname: string, remotes: Record<string, string>): string | undefined;
export function landingPageOf(pathname: string): 'orders' | 'audit' | 'order' | 'log' | undefined;
export function earlyPageChunksScript(files: Record<string, string[]>): string;
