/** Types of early-requests.mjs (plain JavaScript, read by rsbuild.config.ts and the tests). */
export const earlyConfigScript: string;
export const earlyShopScript: string;
