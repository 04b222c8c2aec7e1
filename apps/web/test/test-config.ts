import { DEFAULT_PHONE_PATTERN, type RuntimeConfig } from '@portico/contracts';
import { setRuntimeConfig } from '../src/config/runtime-config.js';
import { SERVER_DEFAULT_CONTACT_EMAIL, SERVER_DEFAULT_LINKS } from './server-defaults.js';

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
    links: SERVER_DEFAULT_LINKS,
    endpoints: {
      invoices: '/api/invoices',
      cloud: '/api/cloud',
      reports: '/api/cloud/reports',
      exports: { invoices: '/api/invoices/export.xlsx', users: '/api/users/export' },
      notifications: '/api/notifications',
    },
    supportFrameBase: '/support-desk',
    logoutPath: '/logout',
    contactEmail: SERVER_DEFAULT_CONTACT_EMAIL,
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
