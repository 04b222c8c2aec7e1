import { beforeAll, describe, expect, it } from 'vitest';
import { createPlatformApp, platformAppPerSuite } from '../../test/platform-app.js';
import { loadEnv } from '../config/env.js';
import { testEnvSource } from '../../test/test-app.js';
import { contentSecurityPolicy, securityHeaders } from './security-headers.js';

/** The CSP as directive → sources. */
function parseCsp(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

/** The CSP the configuration `env` (beside the test defaults) makes, parsed. */
const cspFor = (env: Record<string, string>) =>
  parseCsp(contentSecurityPolicy(loadEnv(testEnvSource(env))));

function expectSecurityHeaders(
  headers: Record<string, string | string[] | number | undefined>,
): void {
  const csp = parseCsp(headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect(csp.get('frame-src')?.[0]).toBe("'self'");
  expect(String(headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toMatch(/camera=\(\)/);
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
}

describe('security headers on every kind of response (issue 2 §7)', () => {
  const suite = platformAppPerSuite({
    tempDist: true,
    routes: (a) => {
      a.post('/api/test/echo', (request) => request.body);
      a.get('/api/test/boom', () => {
        throw new Error('boom');
      });
      // A reply written straight to Node's response, as the embedded provider does.
      a.get('/oidc/test/raw', (_request, reply) => {
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/plain' });
        reply.raw.end('raw');
      });
    },
  });

  const html = { accept: 'text/html' };
  const json = { 'content-type': 'application/json' };
  it.each([
    ['index.html for a client route', 'GET', '/news', html, 200],
    ['a hashed static asset', 'GET', '/assets/index-abc123.js', {}, 200],
    ['the runtime configuration', 'GET', '/config.json', {}, 200],
    ['the shared header', 'GET', '/shared/header', {}, 200],
    ['the icon sprite', 'GET', '/shared/sprite.svg', {}, 200],
    ['a health probe', 'GET', '/health/live', {}, 200],
    ['a 404 for an unknown /api path', 'GET', '/api/nothing', {}, 404],
    ['a 404 for an unknown method', 'PUT', '/news', {}, 404],
    ['a 500', 'GET', '/api/test/boom', {}, 500],
    ['a raw (hijacked) reply', 'GET', '/oidc/test/raw', {}, 200],
    ['a 400 for malformed JSON', 'POST', '/api/test/echo', json, 400, '{'],
  ] as const)('%s', async (_kind, method, url, headers, status, payload?: string) => {
    const res = await suite.app.inject({ method, url, headers, payload });
    expect(res.statusCode).toBe(status);
    expectSecurityHeaders(res.headers);
  });

  it('a 503 while the server is starting', async () => {
    suite.app.state.ready = false;
    try {
      const res = await suite.get('/api/anything');
      expect(res.statusCode).toBe(503);
      expectSecurityHeaders(res.headers);
      const probe = await suite.get('/health/ready');
      expect(probe.statusCode).toBe(503);
      expectSecurityHeaders(probe.headers);
    } finally {
      suite.app.state.ready = true;
    }
  });
});

describe('security headers on a listening server', () => {
  const suite = platformAppPerSuite();
  beforeAll(() => suite.app.listen({ host: '127.0.0.1', port: 0 }));

  it('are on what Fastify answers before any hook runs (a malformed address)', async () => {
    const { port } = suite.app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/news/%E0%A4%A`);
    expect(res.status).toBe(400);
    expectSecurityHeaders(Object.fromEntries(res.headers));
  });
});

describe('Content-Security-Policy from configuration', () => {
  it.each<{ title: string; env: Record<string, string>; sources: Record<string, string[]> }>([
    {
      title: 'allows framing only ourselves by default (the built-in support desk is same-origin)',
      env: {},
      sources: {
        'frame-src': ["'self'"],
        'connect-src': ["'self'", 'http://localhost:8080'],
        'form-action': ["'self'", 'http://localhost:8080'],
      },
    },
    {
      title: 'adds the configured frame addresses by origin',
      env: {
        SUPPORT_FRAME_URL: 'https://support.example.com/frames/incident?x=1',
        KEEP_ALIVE_URL: 'https://sso.example.com/keepalive',
        FRAME_ORIGINS: 'https://a.example.net https://b.example.net/path not-a-url',
      },
      sources: {
        'frame-src': [
          "'self'",
          'https://support.example.com',
          'https://sso.example.com',
          'https://a.example.net',
          'https://b.example.net',
        ],
      },
    },
    {
      title: 'lets the SPA reach an external issuer and absolute API bases',
      env: {
        OIDC_ISSUER: 'https://login.example.com/realms/portal',
        CONTENT_BASE: 'https://content.example.com/api/content',
        PUBLIC_URL: 'https://portal.example.com',
      },
      sources: {
        'connect-src': ["'self'", 'https://login.example.com', 'https://content.example.com'],
        'form-action': ["'self'", 'https://portal.example.com', 'https://login.example.com'],
      },
    },
    {
      title: 'lets the SPA reach the §7 configured endpoints at other origins (issue 27)',
      env: {
        INVOICES_URL: 'https://billing.example.com/api/invoices',
        CLOUD_URL: 'https://ops.example.com/api/cloud',
        REPORTS_URL: '/api/cloud/reports',
        INVOICE_EXPORT_URL: 'https://billing.example.com/api/invoices.xlsx',
        USER_EXPORT_URL: 'https://people.example.com/api/users.xlsx',
        NOTIFICATIONS_URL: 'https://notify.example.com/api/notifications',
      },
      sources: {
        'connect-src': [
          "'self'",
          'http://localhost:8080',
          'https://billing.example.com',
          'https://ops.example.com',
          'https://people.example.com',
          'https://notify.example.com',
        ],
      },
    },
  ])('$title', ({ env, sources }) => {
    const csp = cspFor(env);
    for (const [directive, expected] of Object.entries(sources))
      expect(csp.get(directive), directive).toEqual(expected);
  });
});

describe('Content-Security-Policy and analytics (ADR 0008, §7 Analytics events)', () => {
  const googleHosts = /google|googletagmanager/;

  it('allows no analytics origin when ANALYTICS_ID is not set', () => {
    const envs: Record<string, string>[] = [{}, { ANALYTICS_ID: '' }, { ANALYTICS_ID: '   ' }];
    for (const env of envs) {
      const csp = cspFor(env);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('connect-src')).toEqual(["'self'", 'http://localhost:8080']);
      expect([...csp.values()].flat().some((source) => googleHosts.test(source))).toBe(false);
    }
  });

  it('allows exactly what Google Analytics 4 needs when ANALYTICS_ID is set', () => {
    const collect = [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://www.googletagmanager.com',
    ];
    const csp = cspFor({ ANALYTICS_ID: 'G-TEST123' });
    expect(csp.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://localhost:8080', ...collect]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', ...collect]);
    // Nothing else opens up: no inline or eval for the tag, no frames, no other directive.
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('frame-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    for (const [name, sources] of csp) {
      if (['script-src', 'connect-src', 'img-src'].includes(name)) continue;
      expect(
        sources.some((source) => googleHosts.test(source)),
        name,
      ).toBe(false);
    }
  });

  it('is the policy every response carries', async () => {
    const app = await createPlatformApp({ env: { ANALYTICS_ID: 'G-TEST123' } });
    try {
      const res = await app.inject({ method: 'GET', url: '/config.json' });
      expect(res.statusCode).toBe(200);
      const csp = parseCsp(res.headers['content-security-policy']);
      expect(csp.get('script-src')).toEqual(["'self'", 'https://www.googletagmanager.com']);
      expect(res.json<{ analyticsId: string }>().analyticsId).toBe('G-TEST123');
    } finally {
      await app.close();
    }
  });
});

describe('the headers helmet writes (ADR 0064)', () => {
  const headersFor = (env: Record<string, string>) => securityHeaders(loadEnv(testEnvSource(env)));

  it('are exactly the site policy, with none of helmet’s other defaults', () => {
    const headers = headersFor({ PUBLIC_URL: 'https://portal.example.com' });
    expect(Object.keys(headers).sort()).toEqual([
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'permissions-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toBe(
      'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
    );
    expect([...parseCsp(headers['content-security-policy']).keys()]).toEqual([
      'default-src',
      'script-src',
      'style-src',
      'img-src',
      'font-src',
      'connect-src',
      'frame-src',
      'frame-ancestors',
      'form-action',
      'object-src',
      'base-uri',
    ]);
  });

  it('send no HSTS for a site on plain http', () => {
    expect(headersFor({ PUBLIC_URL: 'http://localhost:8080' })).not.toHaveProperty(
      'strict-transport-security',
    );
  });
});
