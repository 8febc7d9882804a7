/** Types of runtime-config.mjs (plain JavaScript, so deploy scripts run it with bare Node). */
export interface RuntimeConfigJson {
  apiUrl: string;
  sandboxUrl: string | null;
  shopifyApiKey: string | null;
  remotes: { preferences: string; partner: string; admin: string };
}
export function runtimeConfig(env?: Record<string, string | undefined>): RuntimeConfigJson;
