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
