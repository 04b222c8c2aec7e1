import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkerLoaded } from '../lib/http/deferred-schema.js';
import { setupTestServer } from '../../test/msw.js';
import { TEST_ORIGIN, testConfig } from '../../test/test-config.js';
import {
  endpointUrl,
  exportUrl,
  getConfig,
  loadRuntimeConfig,
  setRuntimeConfig,
} from './runtime-config.js';

const server = setupTestServer();

beforeEach(() => {
  setRuntimeConfig(null);
});

describe('runtime configuration (§7; issue 2 §4)', () => {
  it('refuses to be read before it is loaded', () => {
    expect(() => getConfig()).toThrow(/not loaded yet.*loadRuntimeConfig/);
  });

  it('loads /config.json once and validates it', async () => {
    let calls = 0;
    server.use(
      http.get(`${TEST_ORIGIN}/config.json`, () => {
        calls++;
        return HttpResponse.json({
          ...testConfig({ contactEmail: 'ops@portico.example' }),
          extra: 1,
        });
      }),
    );
    const [first, second] = await Promise.all([loadRuntimeConfig(), loadRuntimeConfig()]);
    await loadRuntimeConfig();
    expect(calls).toBe(1);
    expect(first).toBe(second);
    expect(getConfig().contactEmail).toBe('ops@portico.example');
    expect(getConfig()).not.toHaveProperty('extra');
  });

  it('takes the configuration the server wrote into the page, without a request (ADR 0021)', async () => {
    let calls = 0;
    server.use(
      http.get(`${TEST_ORIGIN}/config.json`, () => {
        calls++;
        return HttpResponse.json(testConfig());
      }),
    );
    const inline = document.createElement('script');
    inline.type = 'application/json';
    inline.id = 'portico-config';
    inline.textContent = JSON.stringify(testConfig({ contactEmail: 'inline@portico.example' }));
    document.head.append(inline);
    try {
      await loadRuntimeConfig();
      expect(calls).toBe(0);
      expect(getConfig().contactEmail).toBe('inline@portico.example');

      // One that is not a JSON object is not trusted: /config.json is loaded instead.
      setRuntimeConfig(null);
      inline.textContent = '["not", "a", "configuration"]';
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await loadRuntimeConfig();
      expect(calls).toBe(1);

      // The server's own object is used at once and checked once the page settles and a call
      // has brought the checker (ADR 0047): a field of the wrong type is reported then.
      setRuntimeConfig(null);
      inline.textContent = JSON.stringify({ ...testConfig(), contactEmail: 1 });
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await loadRuntimeConfig();
      expect(calls).toBe(1);
      checkerLoaded();
      await vi.waitFor(
        () =>
          expect(errors).toHaveBeenCalledWith(
            'The configuration in the page is invalid',
            expect.arrayContaining([expect.objectContaining({ path: ['contactEmail'] })]),
          ),
        { timeout: 5000 },
      );
    } finally {
      inline.remove();
    }
  });

  it('names the fields that are wrong', async () => {
    const config = testConfig();
    const incomplete: Record<string, unknown> = {
      ...config,
      auth: { ...config.auth, responseType: 'token' },
    };
    delete incomplete['apiMarker'];
    server.use(http.get(`${TEST_ORIGIN}/config.json`, () => HttpResponse.json(incomplete)));
    const error = await loadRuntimeConfig().catch((e: unknown) => e);
    expect(String(error)).toMatch(/config\.json is invalid/);
    expect(String(error)).toMatch(/apiMarker/);
    expect(String(error)).toMatch(/auth\.responseType/);
    expect(() => getConfig()).toThrow();
  });

  it('reports an unreachable configuration and can retry', async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/config.json`, () => HttpResponse.text('nope', { status: 502 }), {
        once: true,
      }),
      http.get(`${TEST_ORIGIN}/config.json`, () => HttpResponse.json(testConfig())),
    );
    await expect(loadRuntimeConfig()).rejects.toThrow(/HTTP 502/);
    await expect(loadRuntimeConfig()).resolves.toMatchObject({ apiMarker: '/api/' });
  });

  it('builds addresses under the §7 configured endpoints (issue 27)', () => {
    setRuntimeConfig(
      testConfig({
        endpoints: {
          invoices: 'https://billing.example.test/api/invoices/',
          cloud: '/api/cloud',
          reports: '/api/reports',
          exports: { invoices: '/api/exports/invoices.xlsx', users: '/api/exports/users.xlsx' },
          notifications: 'https://notify.example.test/api/bell',
        },
      }),
    );
    expect(endpointUrl('invoices')).toBe('https://billing.example.test/api/invoices/');
    expect(endpointUrl('invoices', 'accounts')).toBe(
      'https://billing.example.test/api/invoices/accounts',
    );
    expect(endpointUrl('notifications', '12/read')).toBe(
      'https://notify.example.test/api/bell/12/read',
    );
    expect(endpointUrl('reports', 'availability.xlsx')).toBe('/api/reports/availability.xlsx');
    expect(exportUrl('users')).toBe('/api/exports/users.xlsx');
  });

  it('accepts a /config.json written before the endpoints existed, with the defaults', async () => {
    const older: Partial<ReturnType<typeof testConfig>> = testConfig();
    delete older.endpoints;
    server.use(http.get(`${TEST_ORIGIN}/config.json`, () => HttpResponse.json(older)));
    const config = await loadRuntimeConfig();
    expect(config.endpoints.notifications).toBe('/api/notifications');
    expect(config.endpoints.exports.users).toBe('/api/users/export');
  });
});
