/**
 * What a visitor types into the install field, as the shop's myshopify domain:
 * `mein-laden`, `Mein-Laden.myshopify.com` or the admin URL all become
 * `mein-laden.myshopify.com`. Returns undefined when it cannot be one.
 */
export function shopDomainFrom(input: string): string | undefined {
  let value = input.trim().toLowerCase();
  value =
    value
      .replace(/^https?:\/\//, '')
      .replace(/^admin\.shopify\.com\/store\//, '')
      .split(/[/?#]/)[0] ?? '';
  if (!value.includes('.')) value = `${value}.myshopify.com`;
  return /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(value) ? value : undefined;
}

export const SHOP_DOMAIN_ERROR = 'Bitte gib die Adresse deines Shops ein, z. B. mein-laden.myshopify.com';
