import { redirectTop } from '../../notices/redirect';

/**
 * Shopify bills through a confirmation page outside the app. When the gateway
 * answers with its URL, the top window goes there; returns whether it did.
 */
export function followConfirmation(answer: unknown, redirect: (url: string) => void = redirectTop): boolean {
  const url = (answer as { confirmationUrl?: unknown } | undefined)?.confirmationUrl;
  if (typeof url !== 'string' || url === '') return false;
  redirect(url);
  return true;
}
