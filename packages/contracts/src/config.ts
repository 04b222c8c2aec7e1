import { z } from 'zod';

/** /config.json: runtime configuration the SPA loads before anything else (§7). */
export const runtimeConfigSchema = z.object({
  contentBase: z.string(),
  apiBase: z.string(),
  newsBase: z.string(),
  sharedBase: z.string(),
  apiMarker: z.string(),
  auth: z.object({
    issuer: z.string(),
    clientId: z.string(),
    responseType: z.enum(['code', 'id_token token']),
    scope: z.string(),
  }),
  links: z.object({
    community: z.string(),
    csm: z.string(),
    /** University4U (§2 University page): standard (DOCEBO) and partner (DOCEBO_PARTNER) platforms. */
    learning: z.string(),
    learningPartner: z.string(),
    /** The course catalogue and the legacy learning site, for users with neither permission. */
    learningCatalogue: z.string(),
    learningLegacy: z.string(),
    /** The Norwegian and Swedish learning pages. */
    learningNorwegian: z.string(),
    learningSwedish: z.string(),
    marketplace: z.string(),
    dealManagement: z.string(),
    salesPartners: z.string(),
    resources: z.string(),
    billing: z.string(),
    /** The report engine file /download-report-engine downloads (§2). */
    reportEngineDownload: z.string(),
  }),
  /**
   * §7 "Invoices, reports, spreadsheet exports, cloud, menu, notifications and keep-alive
   * endpoints are configured": where the SPA calls each (the menu is the shared header under
   * `sharedBase`; keep-alive is `keepAlive`). Requests get the bearer token only when the
   * address contains `apiMarker`. Defaults: this server's own routes.
   */
  endpoints: z
    .object({
      /** `GET {invoices}`, `/accounts`, `/{id}/pdf`. */
      invoices: z.string(),
      /** `GET {cloud}/instances`, `/maintenance`, `/release-schedules`, `/notifications`. */
      cloud: z.string(),
      /** `GET {reports}/availability`, `/response-times` and their `.xlsx`/`.csv` files. */
      reports: z.string(),
      /** Spreadsheet exports: the invoice list and the account's user list. */
      exports: z.object({ invoices: z.string(), users: z.string() }),
      /** `GET {notifications}`, `POST /{id}/read`, `POST /read-all` (the bell). */
      notifications: z.string(),
    })
    .default({
      invoices: '/api/invoices',
      cloud: '/api/cloud',
      reports: '/api/cloud/reports',
      exports: { invoices: '/api/invoices/export.xlsx', users: '/api/users/export' },
      notifications: '/api/notifications',
    }),
  supportFrameBase: z.string(),
  logoutPath: z.string(),
  contactEmail: z.string(),
  titleSuffix: z.string(),
  analyticsId: z.string(),
  keepAlive: z.object({ url: z.string(), intervalMs: z.number().int().min(0) }),
  /** Idle sign-out after this many minutes without activity in any tab; 0 = off (issue 11). */
  idleTimeoutMinutes: z.number().int().min(0),
  /** Hash of the icon sprite, used as its cache-busting query. */
  spriteHash: z.string(),
  /** The user form's phone rule, a regular expression (§5; E.164 by default). */
  phonePattern: z.string().default('^\\+[1-9][0-9]{6,14}$'),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
