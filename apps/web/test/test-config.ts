import { DEFAULT_PHONE_PATTERN, type RuntimeConfig } from '@portico/contracts';
import { setRuntimeConfig } from '../src/config/runtime-config.js';

/** The test origin (jsdom's location) and a provider on it. */
export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_ISSUER = `${TEST_ORIGIN}/oidc`;

/** A complete runtime configuration like the server's defaults; override what a test needs. */
export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const base: RuntimeConfig = {
    contentBase: '/api/content',
    apiBase: '/api',
    newsBase: '/api/news',
    sharedBase: '/shared',
    apiMarker: '/api/',
    auth: {
      issuer: TEST_ISSUER,
      clientId: 'portico-spa',
      responseType: 'code',
      scope: 'openid profile email',
    },
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
    spriteHash: 'test',
    phonePattern: DEFAULT_PHONE_PATTERN,
  };
  return { ...base, ...overrides, auth: { ...base.auth, ...overrides.auth } };
}

/** Installs a test configuration as the loaded runtime configuration. */
export function installTestConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const config = testConfig(overrides);
  setRuntimeConfig(config);
  return config;
}
