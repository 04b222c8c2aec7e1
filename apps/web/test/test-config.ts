import { DEFAULT_PHONE_PATTERN, type RuntimeConfig } from '@portico/contracts';
import { setRuntimeConfig } from '../src/config/runtime-config.js';
import { SERVER_DEFAULTS } from './server-defaults.js';

/** The test origin (jsdom's location) and a provider on it. */
export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_ISSUER = `${TEST_ORIGIN}/oidc`;

/** A complete runtime configuration: the server's defaults; override what a test needs. */
export function testConfig(overrides: Partial<RuntimeConfig> = {}): RuntimeConfig {
  const base: RuntimeConfig = {
    ...SERVER_DEFAULTS,
    auth: { ...SERVER_DEFAULTS.auth, issuer: TEST_ISSUER },
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
