import { isIP } from 'node:net';
import { DEFAULT_PHONE_PATTERN } from '@portico/contracts';
import { z } from 'zod';
import { parsePreviousKeys } from '../lib/key-encryption.js';

// The one place that reads process.env (docs/architecture.md). Every variable is listed in the
// README's configuration table; keep the two in step.
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers may set X-Forwarded-For/-Host/-Proto (ADR 0015): unset, empty or `false`: none
 * (the default); a whole number: that many proxy hops in front of the server; `true`: any
 * peer (only when nothing but the proxy can reach the server); otherwise a comma-separated
 * list of addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal).
 * The value is what Fastify's `trustProxy` takes (a hop count as a function of the hop).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): boolean | string[] | ((address: string, hop: number) => boolean) => {
    const value = (raw ?? '').trim();
    if (value === '' || value === 'false') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
    }
    const entries = value.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `not an address, CIDR range, hop count or true/false: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** METRICS_ALLOW: addresses, CIDR ranges or proxy-addr's names, as TRUST_PROXY lists take. */
const addressList = z
  .string()
  .default('loopback')
  .transform((raw, ctx): string[] => {
    const entries = raw
      .split(',')
      .map((e) => e.trim())
      .filter((e) => e !== '');
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not an address or CIDR range: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

const positive = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /** Unset: every address, IPv6 and IPv4 (`::`), or IPv4 only where IPv6 is off. */
    HOST: z.string().optional(),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** The address browsers use to reach this server; the embedded issuer lives under it. */
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    /** PostgreSQL schema to work in (tests use a fresh one per run). */
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .default('public'),
    DEMO_SEED: flag,
    /** Serve the web build's source maps (`/assets/*.js.map`); off: they answer 404. */
    SOURCE_MAPS: flag,
    /** Milliseconds between SIGTERM (readiness turns 503) and closing the listener. */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(5000),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Proxies whose X-Forwarded-* headers are believed (Fastify trustProxy); none by default. */
    TRUST_PROXY: trustProxy,
    /**
     * Read caches dropped by database notifications (ADR 0043): token state and news list.
     * Default: on, except under NODE_ENV=test, whose API tests write to the database directly.
     */
    READ_CACHE: flag,
    /**
     * Live notification streams (ADR 0054, addendum): how many one user may hold open on all
     * nodes together, and how many one node holds; more get 429 and the bell polls.
     */
    LIVE_STREAMS_PER_USER: positive(10, 1000),
    LIVE_STREAMS_PER_NODE: positive(2000, 100_000),

    // Observability (issue 24, ADR 0052)
    /** Who may read /metrics on the app's port (client address per TRUST_PROXY); empty: nobody. */
    METRICS_ALLOW: addressList,
    /** Serve /metrics on this port instead (to anyone who reaches it), not on the app's port. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** OTLP/HTTP collector (e.g. http://collector:4318): traces on; unset, no OpenTelemetry loads. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,

    // Sign-in
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().default('portico-spa'),
    OIDC_AUDIENCE: optionalUrl,
    OIDC_RESPONSE_TYPE: z.enum(['code', 'id_token token']).default('code'),
    OIDC_COOKIE_KEYS: z.string().optional(),
    /**
     * 32 bytes in base64: encrypts every secret kept in the database (ADR 0060). Unset: a key
     * made once and kept in DATA_DIR (one instance; ADR 0027 addendum).
     */
    OIDC_KEY_ENCRYPTION_KEY: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .refine((v) => v === undefined || Buffer.from(v.trim(), 'base64url').length === 32, {
        error: 'must be 32 bytes in base64 (openssl rand -base64 32)',
      }),
    /** Keys being rotated out: they still decrypt; the start re-encrypts under the current one. */
    OIDC_KEY_ENCRYPTION_OLD: z
      .string()
      .optional()
      .refine((v) => parsePreviousKeys(v) !== undefined, {
        error: 'must be 32-byte keys in base64, comma-separated',
      }),
    /** Password hashes one instance runs at once (the rest wait in line). */
    SIGN_IN_HASH_CONCURRENCY: positive(1, 64),
    /** Sign-in attempts that may wait for a hash slot; beyond that: 503, try again. */
    SIGN_IN_HASH_QUEUE: positive(16, 10_000),
    /**
     * About how long an attempt refused by a full line waits for its answer, and its
     * connection rests after it (ms, jittered ±50 %); 0 answers at once (ADR 0042).
     */
    SIGN_IN_BUSY_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(1000),

    // Runtime configuration served to the SPA as /config.json
    CONTENT_BASE: z.string().default('/api/content'),
    API_BASE: z.string().default('/api'),
    NEWS_BASE: z.string().default('/api/news'),
    SHARED_BASE: z.string().default('/shared'),
    API_MARKER: z.string().default('/api/'),
    COMMUNITY_URL: z.string().default('https://community.portico.test'),
    CSM_URL: z.string().default('https://support.portico.test'),
    LEARNING_URL: z.string().default('https://learning.portico.test'),
    LEARNING_PARTNER_URL: z.string().default('https://partners.learning.portico.test'),
    LEARNING_CATALOGUE_URL: z.string().default('https://learning.portico.test/catalogue'),
    LEARNING_LEGACY_URL: z.string().default('https://legacy.learning.portico.test'),
    LEARNING_NORWEGIAN_URL: z.string().default('https://learning.portico.test/no'),
    LEARNING_SWEDISH_URL: z.string().default('https://learning.portico.test/sv'),
    MARKETPLACE_URL: z.string().default('https://marketplace.portico.test'),
    DEAL_MANAGEMENT_URL: z.string().default('https://deals.portico.test'),
    SALES_PARTNER_URL: z.string().default('https://salespartners.portico.test'),
    RESOURCES_URL: z.string().default('https://resources.portico.test'),
    BILLING_URL: z.string().default('https://billing.portico.test'),
    /** The file /download-report-engine downloads; served by this server by default. */
    REPORT_ENGINE_DOWNLOAD_URL: z.string().default('/downloads/portico-report-engine.zip'),
    /** Base address of the support frames (services routes); the built-in desk by default. */
    SUPPORT_FRAME_URL: z.string().default('/support-desk'),
    /** Extra origins that may be framed, space separated. */
    FRAME_ORIGINS: z.string().default(''),
    /** §7 configured endpoints (the SPA calls them; this server's routes by default). */
    INVOICES_URL: z.string().default('/api/invoices'),
    CLOUD_URL: z.string().default('/api/cloud'),
    REPORTS_URL: z.string().default('/api/cloud/reports'),
    INVOICE_EXPORT_URL: z.string().default('/api/invoices/export.xlsx'),
    USER_EXPORT_URL: z.string().default('/api/users/export'),
    NOTIFICATIONS_URL: z.string().default('/api/notifications'),
    LOGOUT_PATH: z.string().default('/logout'),
    CONTACT_EMAIL: z.string().default('support@portico.test'),
    TITLE_SUFFIX: z.string().default(' | Portico Community'),
    ANALYTICS_ID: z.string().default(''),
    KEEP_ALIVE_URL: z.string().default(''),
    KEEP_ALIVE_INTERVAL: z.coerce.number().int().min(0).default(0),
    /**
     * Minutes without activity (in any tab) before the SPA warns and then signs the user out
     * (issue 11); 0 turns idle sign-out off. Whole minutes, 1 week at most.
     */
    IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(0).max(10_080).default(30),

    // Federated search count sources (issue 4): an address = that HTTP connector; empty = built-in tables
    /** External product-content count address (GET ?productId=&query= → counts); empty = built-in. */
    SEARCH_PRODUCT_URL: optionalUrl,
    /** External community count address (GET ?query= → { count }); empty = built-in. */
    SEARCH_COMMUNITY_URL: optionalUrl,
    /** External support-system count address (GET ?accountId=&query= → counts); empty = built-in. */
    SEARCH_SUPPORT_URL: optionalUrl,
    /** External learning-platform count address (GET ?query= → { count }); empty = built-in. */
    SEARCH_UNIVERSITY_URL: optionalUrl,
    /**
     * Search calls (news searches and the search page's counts) one user may make per
     * minute, counted in the database across instances (ADR 0061); more get 429.
     */
    SEARCH_RATE_LIMIT: positive(60, 1_000_000),
    /** Time-out of each HTTP search connector call, in milliseconds. */
    SEARCH_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(3000),

    // Mail and user management (issue 15)
    /** smtp(s)://user:pass@host:port; empty = the dev outbox in the database (ADR 0028). */
    SMTP_URL: optionalUrl,
    /** A PEM file of extra authorities trusted for the SMTP server's certificate (ADR 0053). */
    SMTP_TLS_CA: optionalUrl,
    MAIL_FROM: z.string().min(3).default('Portico <no-reply@portico.test>'),
    /** The user form's phone rule (a regular expression); E.164 by default (§5). */
    PHONE_PATTERN: z
      .string()
      .default(DEFAULT_PHONE_PATTERN)
      .refine((v) => {
        try {
          new RegExp(v);
          return true;
        } catch {
          return false;
        }
      }, 'not a valid regular expression'),
    /** Show sent mail at /dev/outbox; default: on when SMTP_URL is unset and not production. */
    DEV_OUTBOX: flag,
  })
  .transform((e) => {
    const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
    const seed = e.DEMO_SEED ?? e.NODE_ENV !== 'production';
    const devOutbox = e.DEV_OUTBOX ?? (e.SMTP_URL === undefined && e.NODE_ENV !== 'production');
    return {
      ...e,
      PUBLIC_URL: publicUrl,
      DEMO_SEED: seed,
      SOURCE_MAPS: e.SOURCE_MAPS ?? false,
      READ_CACHE: e.READ_CACHE ?? e.NODE_ENV !== 'test',
      DEV_OUTBOX: devOutbox,
    };
  });

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${details}`);
  }
  return parsed.data;
}
