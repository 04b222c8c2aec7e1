import type { RuntimeConfig } from '@portico/contracts';
import { whenSettled } from '../lib/http/deferred-schema.js';

/**
 * Runtime configuration (§7 "Base addresses come from runtime configuration"): the server
 * serves /config.json, the SPA loads it once before anything else, so changing an address
 * needs no rebuild.
 */
export type { RuntimeConfig };

export const CONFIG_URL = '/config.json';

let current: RuntimeConfig | null = null;
let loading: Promise<RuntimeConfig> | null = null;

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

async function fetchConfig(): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetch(CONFIG_URL, {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      signal: AbortSignal.timeout(20_000),
    });
  } catch (cause) {
    throw new RuntimeConfigError(`Could not load ${CONFIG_URL}`, { cause });
  }
  if (!response.ok) {
    throw new RuntimeConfigError(`Could not load ${CONFIG_URL}: HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new RuntimeConfigError(`${CONFIG_URL} is not valid JSON`, { cause });
  }
  // Off the start-up path (the page normally carries its configuration): zod loads here.
  const { runtimeConfigSchema } = await import('@portico/contracts/config');
  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new RuntimeConfigError(`${CONFIG_URL} is invalid: ${details}`);
  }
  return parsed.data;
}

/** The id of the JSON data block the server writes into the first HTML (ADR 0021). */
export const INLINE_CONFIG_ID = 'portico-config';

/**
 * The configuration the server wrote into the page; null when there is none or it is not a
 * JSON object (then /config.json is fetched as before). The server wrote it from the same
 * object its /config.json sends, checked against the same schema, so it is used at once and
 * checked again once the page settles (ADR 0047): zod stays off the start-up path.
 */
export function readInlineConfig(): RuntimeConfig | null {
  const element = document.getElementById(INLINE_CONFIG_ID);
  if (!element?.textContent) return null;
  let inline: unknown;
  try {
    inline = JSON.parse(element.textContent);
  } catch {
    console.warn('The configuration in the page is not JSON; loading /config.json');
    return null;
  }
  if (typeof inline !== 'object' || inline === null || Array.isArray(inline)) {
    console.warn('The configuration in the page is not an object; loading /config.json');
    return null;
  }
  whenSettled(() => {
    import('@portico/contracts/config')
      .then(({ runtimeConfigSchema }) => {
        const parsed = runtimeConfigSchema.safeParse(inline);
        if (!parsed.success) {
          console.error('The configuration in the page is invalid', parsed.error.issues);
        }
      })
      .catch((error: unknown) => console.error('Could not check the configuration', error));
  });
  return inline as RuntimeConfig;
}

/**
 * The configuration written into the first HTML, or else /config.json loaded and validated
 * once; later calls share the same result. A failed load may be retried by calling again.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  if (current) return Promise.resolve(current);
  const inline = readInlineConfig();
  if (inline) {
    current = inline;
    return Promise.resolve(inline);
  }
  loading ??= fetchConfig().then(
    (config) => {
      current = config;
      return config;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The loaded configuration; throws when called before loadRuntimeConfig() has finished. */
export function getConfig(): RuntimeConfig {
  if (!current) {
    throw new RuntimeConfigError(
      'Runtime configuration is not loaded yet: await loadRuntimeConfig() before calling getConfig().',
    );
  }
  return current;
}

/** Sets the configuration directly (tests, and embedding hosts that already have it). */
export function setRuntimeConfig(config: RuntimeConfig | null): void {
  current = config;
  loading = null;
}

/** `base` + `/` + `path`, whatever trailing slashes the configured base has. */
const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}/${path}`;

/** Addresses under the configured bases (§7 "Base addresses come from runtime configuration"). */
export const apiUrl = (path: string): string => joinUrl(getConfig().apiBase, path);
export const contentUrl = (path: string): string => joinUrl(getConfig().contentBase, path);
export const newsUrl = (path: string): string => joinUrl(getConfig().newsBase, path);
export const sharedUrl = (path: string): string => joinUrl(getConfig().sharedBase, path);

type EndpointName = 'invoices' | 'cloud' | 'reports' | 'notifications';

/**
 * An address under one of the configured endpoints (§7 "Invoices, reports, spreadsheet
 * exports, cloud, menu, notifications and keep-alive endpoints are configured"); no path: the
 * endpoint itself.
 */
export const endpointUrl = (name: EndpointName, path = ''): string => {
  const base = getConfig().endpoints[name];
  return path === '' ? base : joinUrl(base, path);
};

/** The address of a spreadsheet export (§7 configured endpoints). */
export const exportUrl = (name: 'invoices' | 'users'): string =>
  getConfig().endpoints.exports[name];
