import type { RuntimeConfig } from '@portico/contracts';

// The defaults of apps/api/src/config/env.ts as /config.json hands them to the app. The API's
// runtime-config test checks the server against this list; the web tests' configuration and
// the browser tests against the real server rely on it.

/** /config.json by default, but for the issuer (the server's own origin) and the sprite hash. */
export const SERVER_DEFAULTS = {
  contentBase: '/api/content',
  apiBase: '/api',
  newsBase: '/api/news',
  sharedBase: '/shared',
  apiMarker: '/api/',
  auth: { clientId: 'portico-spa', responseType: 'code', scope: 'openid profile email' },
  links: {
    community: 'https://community.portico.test',
    csm: 'https://support.portico.test',
    learning: 'https://learning.portico.test',
    learningPartner: 'https://partners.learning.portico.test',
    learningCatalogue: 'https://learning.portico.test/catalogue',
    learningLegacy: 'https://legacy.learning.portico.test',
    learningNorwegian: 'https://learning.portico.test/no',
    learningSwedish: 'https://learning.portico.test/sv',
    marketplace: 'https://marketplace.portico.test',
    dealManagement: 'https://deals.portico.test',
    salesPartners: 'https://salespartners.portico.test',
    resources: 'https://resources.portico.test',
    billing: 'https://billing.portico.test',
    reportEngineDownload: '/downloads/portico-report-engine.zip',
  },
  endpoints: {
    invoices: '/api/invoices',
    cloud: '/api/cloud',
    reports: '/api/cloud/reports',
    exports: { invoices: '/api/invoices/export.xlsx', users: '/api/users/export' },
    notifications: '/api/notifications',
  },
  supportFrameBase: '/support-desk',
  logoutPath: '/logout',
  contactEmail: 'support@portico.test',
  titleSuffix: ' | Portico Community',
  analyticsId: '',
  keepAlive: { url: '', intervalMs: 0 },
  idleTimeoutMinutes: 30,
} satisfies Omit<RuntimeConfig, 'auth' | 'spriteHash' | 'phonePattern'> & {
  auth: Omit<RuntimeConfig['auth'], 'issuer'>;
};
