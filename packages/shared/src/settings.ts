import { DEV_DEFAULTS, env, SHOPIFY_API_VERSION } from './config';
import { parseStaffList, type StaffMember } from './staff';

export const LEXWARE_SCOPES =
  'profile.read contacts.read contacts.write vouchers.read vouchers.write files.read files.write transaction-assignment-hint.write';

/**
 * Secrets whose development value is in the code for anyone to read: in production (NODE_ENV=production) a
 * missing or development value stops gateway and worker before they connect to anything. The Shopify secret
 * signs every webhook and session token: with the one from the code anyone could forge webhooks (shop/redact,
 * app/uninstalled) and sessions of any merchant.
 */
const PRODUCTION_SECRETS = {
  ENCRYPTION_KEY: {
    development: DEV_DEFAULTS.encryptionKey,
    missing:
      'in Produktion (NODE_ENV=production) starten Gateway und Worker nicht ohne eigenen Schlüssel (32 Byte, base64).',
    isDevelopment:
      'ist der Entwicklungsschlüssel aus dem Code: in Produktion bitte einen eigenen setzen (openssl rand -base64 32).',
  },
  SHOPIFY_API_SECRET: {
    development: DEV_DEFAULTS.shopifyApiSecret,
    missing:
      'in Produktion (NODE_ENV=production) starten Gateway und Worker nicht ohne das Secret der Shopify-App (Partner Dashboard).',
    isDevelopment:
      'ist das Entwicklungs-Secret aus dem Code: in Produktion bitte das Secret der Shopify-App aus dem Partner Dashboard setzen.',
  },
} as const;

export function productionSecret(
  name: keyof typeof PRODUCTION_SECRETS,
  environment: NodeJS.ProcessEnv = process.env,
): string {
  const { development, missing, isDevelopment } = PRODUCTION_SECRETS[name];
  const value = environment[name];
  if (environment.NODE_ENV !== 'production') return value || development;
  if (!value) throw new Error(`${name} fehlt: ${missing}`);
  if (value === development) throw new Error(`${name} ${isDevelopment}`);
  return value;
}

/**
 * How much of finalised documents' files (PDF, e-invoice XML) we keep, so a repeated download spends no
 * Lexware call. The cap is per shop, so one busy shop can't push out the others' files, and the whole
 * store stays below shops × cap; the oldest stored go first. Links are opened mostly in the days after
 * the invoice mail, so a month's files serve most repeats; older ones are fetched again when asked for.
 */
export interface DocumentFileLimits {
  maxBytesPerShop: number;
  maxAgeDays: number;
}

export const DOCUMENT_FILE_LIMITS: DocumentFileLimits = { maxBytesPerShop: 25 * 1024 * 1024, maxAgeDays: 30 };

/** DOCUMENT_FILES_MAX_MB_PER_SHOP and DOCUMENT_FILES_MAX_AGE_DAYS; 0 keeps no files at all. */
export function documentFileLimits(environment: NodeJS.ProcessEnv = process.env): DocumentFileLimits {
  const read = (name: string, fallback: number) => {
    const value = environment[name];
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) throw new Error(`${name} muss eine Zahl ab 0 sein, nicht „${value}“.`);
    return n;
  };
  return {
    maxBytesPerShop: Math.floor(
      read('DOCUMENT_FILES_MAX_MB_PER_SHOP', DOCUMENT_FILE_LIMITS.maxBytesPerShop / 1024 / 1024) * 1024 * 1024,
    ),
    maxAgeDays: read('DOCUMENT_FILES_MAX_AGE_DAYS', DOCUMENT_FILE_LIMITS.maxAgeDays),
  };
}

/**
 * The people with admin rights, set by the operator only (never through the app):
 * SUPPORT_STAFF (shops, logs, workflows, restarts, downtimes) and OPERATOR_STAFF (also allowances,
 * partner flags, permissions, SEPA confirmations and ending workflows). Each is a comma-separated list of
 * `shop-domain:user-id` entries, the user id being the session token's `sub` (Shopify's id of the staff
 * account), optionally followed by `=Name` for the logs. ADMIN_SHOPS, which made every staff account of a
 * shop an admin, is refused rather than ignored, so a deployment that still sets it does not start
 * believing it has admins (or keep the old shop-wide grant).
 */
export function readStaff(environment: NodeJS.ProcessEnv = process.env): StaffMember[] {
  if (environment.ADMIN_SHOPS?.trim())
    throw new Error(
      'ADMIN_SHOPS gilt nicht mehr: Adminrechte gehören Personen, nicht Shops. Bitte SUPPORT_STAFF bzw. OPERATOR_STAFF mit Einträgen shop-domain:user-id setzen und ADMIN_SHOPS entfernen.',
    );
  return [
    ...parseStaffList(environment.OPERATOR_STAFF, 'operator', 'OPERATOR_STAFF'),
    ...parseStaffList(environment.SUPPORT_STAFF, 'support', 'SUPPORT_STAFF'),
  ];
}
/** The key that encrypts tokens and passwords at rest. */
export const encryptionKey = (environment: NodeJS.ProcessEnv = process.env) =>
  productionSecret('ENCRYPTION_KEY', environment);

/**
 * VAT ID checks: VIES's base URL (VIES_URL), and how often an order waiting for VIES (or a member state's register)
 * asks again, in seconds (VIES_RETRY_SECONDS; VIES's outages usually last minutes to hours).
 */
export function viesSettings(environment: NodeJS.ProcessEnv = process.env): { url: string; retrySeconds: number } {
  const retry = environment.VIES_RETRY_SECONDS || '900';
  const retrySeconds = Number(retry);
  if (!Number.isFinite(retrySeconds) || retrySeconds <= 0)
    throw new Error(`VIES_RETRY_SECONDS muss eine Zahl größer als 0 sein, nicht „${retry}“.`);
  return { url: environment.VIES_URL || DEV_DEFAULTS.viesUrl, retrySeconds };
}

/** Every setting of the worker and the gateway, read from the environment once. */
export function readSettings() {
  const appUrl = env('APP_URL', DEV_DEFAULTS.appUrl);
  return {
    databaseUrl: env('DATABASE_URL', DEV_DEFAULTS.databaseUrl),
    temporalAddress: env('TEMPORAL_ADDRESS', DEV_DEFAULTS.temporalAddress),
    temporalNamespace: env('TEMPORAL_NAMESPACE', DEV_DEFAULTS.temporalNamespace),
    taskQueue: env('TEMPORAL_TASK_QUEUE', DEV_DEFAULTS.taskQueue),
    encryptionKey: encryptionKey(),
    appUrl,
    shellUrl: env('SHELL_URL', DEV_DEFAULTS.shellUrl),
    shopify: {
      apiKey: env('SHOPIFY_API_KEY', DEV_DEFAULTS.shopifyApiKey),
      apiSecret: productionSecret('SHOPIFY_API_SECRET'),
      apiVersion: SHOPIFY_API_VERSION,
      adminUrl: env('SHOPIFY_ADMIN_URL', DEV_DEFAULTS.shopifyAdminUrl),
      scopes: env(
        'SHOPIFY_SCOPES',
        'read_orders,write_orders,read_all_orders,read_customers,read_products,read_companies,read_returns',
      ),
    },
    /** The default sender, used while a shop has no checked SMTP server of its own. */
    mail: {
      smtpUrl: env('SMTP_URL', DEV_DEFAULTS.smtpUrl),
      from: env('MAIL_FROM', DEV_DEFAULTS.mailFrom),
      /** Tests and local development only: `.test` names pinned to local addresses (mail attachments, SMTP check). */
      outboundTestHosts: env('OUTBOUND_TEST_HOSTS', ''),
    },
    lexware: {
      apiUrl: env('LEXWARE_API_URL', DEV_DEFAULTS.lexwareApiUrl),
      /**
       * Requests per second per Lexware organisation, Lexware's documented 2 unless set. Only a stand-in with
       * another limit wants more: the CPU benches, which turn the sandbox's limit off to price a burst of invoices.
       */
      requestsPerSecond: Number(env('LEXWARE_REQUESTS_PER_SECOND', '2')),
      oauth: {
        oauthUrl: env('LEXWARE_OAUTH_URL', DEV_DEFAULTS.lexwareOauthUrl),
        clientId: env('LEXWARE_CLIENT_ID', DEV_DEFAULTS.lexwareClientId),
        clientSecret: env('LEXWARE_CLIENT_SECRET', DEV_DEFAULTS.lexwareClientSecret),
        redirectUri: env('LEXWARE_REDIRECT_URI', `${appUrl}/api/lexoffice/callback`),
        scope: env('LEXWARE_SCOPES', LEXWARE_SCOPES),
      },
    },
    documentFiles: documentFileLimits(),
    vies: viesSettings(),
    /** Partner payouts: PayPal Payouts API, and the account SEPA transfers leave from. */
    payouts: {
      paypal: {
        apiUrl: env('PAYPAL_API_URL', DEV_DEFAULTS.paypalApiUrl),
        clientId: env('PAYPAL_CLIENT_ID', DEV_DEFAULTS.paypalClientId),
        clientSecret: env('PAYPAL_CLIENT_SECRET', DEV_DEFAULTS.paypalClientSecret),
        webhookId: env('PAYPAL_WEBHOOK_ID', DEV_DEFAULTS.paypalWebhookId),
      },
      sepa: {
        debtorName: env('SEPA_DEBTOR_NAME', DEV_DEFAULTS.sepaDebtorName),
        debtorIban: env('SEPA_DEBTOR_IBAN', DEV_DEFAULTS.sepaDebtorIban),
        debtorBic: env('SEPA_DEBTOR_BIC', DEV_DEFAULTS.sepaDebtorBic),
      },
    },
  };
}

export type Settings = ReturnType<typeof readSettings>;
