import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupTestServer } from '../testing/msw.js';
import { TEST_ORIGIN, testConfig } from '../testing/test-config.js';
import { getConfig, loadRuntimeConfig, setRuntimeConfig } from './runtime-config.js';

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

      // The server's own object is used at once and checked once the page settles (ADR 0047):
      // a field of the wrong type is reported then.
      setRuntimeConfig(null);
      inline.textContent = JSON.stringify({ ...testConfig(), contactEmail: 1 });
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      await loadRuntimeConfig();
      expect(calls).toBe(1);
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
});
