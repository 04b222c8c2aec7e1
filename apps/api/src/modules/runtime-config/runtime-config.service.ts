import { type RuntimeConfig, runtimeConfigSchema } from '@portico/contracts';
import type { Env } from '../../config/env.js';
import { issuerOf } from '../../config/issuer.js';

/**
 * /config.json (§7 "Base addresses come from runtime configuration"; issue 2 §4), built from
 * the environment so that changing configuration needs no rebuild of the SPA. Validated
 * against the contract, so a bad environment fails at start-up, not in the browser.
 */
export function buildRuntimeConfig(env: Env, spriteHash: string): RuntimeConfig {
  return runtimeConfigSchema.parse({
    contentBase: env.CONTENT_BASE,
    apiBase: env.API_BASE,
    newsBase: env.NEWS_BASE,
    sharedBase: env.SHARED_BASE,
    apiMarker: env.API_MARKER,
    auth: {
      issuer: issuerOf(env),
      clientId: env.OIDC_CLIENT_ID,
      responseType: env.OIDC_RESPONSE_TYPE,
      scope: 'openid profile email',
    },
    links: {
      community: env.COMMUNITY_URL,
      csm: env.CSM_URL,
      learning: env.LEARNING_URL,
      learningPartner: env.LEARNING_PARTNER_URL,
      learningCatalogue: env.LEARNING_CATALOGUE_URL,
      learningLegacy: env.LEARNING_LEGACY_URL,
      learningNorwegian: env.LEARNING_NORWEGIAN_URL,
      learningSwedish: env.LEARNING_SWEDISH_URL,
      marketplace: env.MARKETPLACE_URL,
      dealManagement: env.DEAL_MANAGEMENT_URL,
      salesPartners: env.SALES_PARTNER_URL,
      resources: env.RESOURCES_URL,
      billing: env.BILLING_URL,
      reportEngineDownload: env.REPORT_ENGINE_DOWNLOAD_URL,
    },
    endpoints: {
      invoices: env.INVOICES_URL,
      cloud: env.CLOUD_URL,
      reports: env.REPORTS_URL,
      exports: { invoices: env.INVOICE_EXPORT_URL, users: env.USER_EXPORT_URL },
      notifications: env.NOTIFICATIONS_URL,
    },
    supportFrameBase: env.SUPPORT_FRAME_URL,
    logoutPath: env.LOGOUT_PATH,
    contactEmail: env.CONTACT_EMAIL,
    titleSuffix: env.TITLE_SUFFIX,
    analyticsId: env.ANALYTICS_ID,
    keepAlive: { url: env.KEEP_ALIVE_URL, intervalMs: env.KEEP_ALIVE_INTERVAL },
    idleTimeoutMinutes: env.IDLE_TIMEOUT_MINUTES,
    spriteHash,
    phonePattern: env.PHONE_PATTERN,
  } satisfies RuntimeConfig);
}
