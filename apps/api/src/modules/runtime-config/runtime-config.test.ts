import { runtimeConfigSchema } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_DEFAULTS } from '../../../../web/test/server-defaults.js';
import { createPlatformApp } from '../../../test/platform-app.js';

describe('GET /config.json (issue 2 §4)', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function configWith(env: Record<string, string> = {}) {
    app = await createPlatformApp({ env, ready: false });
    const res = await app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return runtimeConfigSchema.parse(res.json());
  }

  it('points at this server by default, with the embedded issuer', async () => {
    const config = await configWith();
    // The list the web tests and the browser tests take as the server's defaults.
    expect(config).toMatchObject({
      ...SERVER_DEFAULTS,
      auth: { ...SERVER_DEFAULTS.auth, issuer: 'http://localhost:8080/oidc' },
    });
    expect(Object.keys(config.links).sort()).toEqual(
      [
        'billing',
        'community',
        'csm',
        'dealManagement',
        'learning',
        'learningCatalogue',
        'learningLegacy',
        'learningNorwegian',
        'learningPartner',
        'learningSwedish',
        'marketplace',
        'reportEngineDownload',
        'resources',
        'salesPartners',
      ].sort(),
    );
    expect(config.spriteHash).toMatch(/^[\w-]{8,}$/);
  });

  it('is public and served before the database is ready', async () => {
    const config = await configWith();
    expect(config.apiBase).toBe('/api');
  });

  it('follows the environment without a rebuild', async () => {
    const config = await configWith({
      PUBLIC_URL: 'https://portal.example.com/',
      OIDC_ISSUER: 'https://login.example.com/realms/portal',
      OIDC_CLIENT_ID: 'portal-web',
      OIDC_RESPONSE_TYPE: 'id_token token',
      CONTENT_BASE: 'https://content.example.com/content',
      COMMUNITY_URL: 'https://community.example.com',
      SUPPORT_FRAME_URL: 'https://support.example.com/frames',
      CONTACT_EMAIL: 'help@example.com',
      TITLE_SUFFIX: ' | Example',
      ANALYTICS_ID: 'UA-1',
      KEEP_ALIVE_URL: 'https://sso.example.com/keepalive',
      KEEP_ALIVE_INTERVAL: '60000',
    });
    expect(config.auth).toEqual({
      issuer: 'https://login.example.com/realms/portal',
      clientId: 'portal-web',
      responseType: 'id_token token',
      scope: 'openid profile email',
    });
    expect(config.contentBase).toBe('https://content.example.com/content');
    expect(config.links.community).toBe('https://community.example.com');
    expect(config.supportFrameBase).toBe('https://support.example.com/frames');
    expect(config.contactEmail).toBe('help@example.com');
    expect(config.titleSuffix).toBe(' | Example');
    expect(config.analyticsId).toBe('UA-1');
    expect(config.keepAlive).toEqual({
      url: 'https://sso.example.com/keepalive',
      intervalMs: 60000,
    });
  });

  it('serves the §7 configured endpoints from the environment (issue 27)', async () => {
    const config = await configWith({
      INVOICES_URL: 'https://billing.example.com/api/invoices',
      CLOUD_URL: 'https://ops.example.com/api/cloud',
      REPORTS_URL: 'https://reports.example.com/api/cloud-reports',
      INVOICE_EXPORT_URL: 'https://billing.example.com/api/invoices.xlsx',
      USER_EXPORT_URL: 'https://people.example.com/api/users.xlsx',
      NOTIFICATIONS_URL: 'https://notify.example.com/api/notifications',
    });
    expect(config.endpoints).toEqual({
      invoices: 'https://billing.example.com/api/invoices',
      cloud: 'https://ops.example.com/api/cloud',
      reports: 'https://reports.example.com/api/cloud-reports',
      exports: {
        invoices: 'https://billing.example.com/api/invoices.xlsx',
        users: 'https://people.example.com/api/users.xlsx',
      },
      notifications: 'https://notify.example.com/api/notifications',
    });
  });

  it('serves the idle sign-out time: 30 minutes by default, IDLE_TIMEOUT_MINUTES otherwise, 0 = off', async () => {
    expect((await configWith()).idleTimeoutMinutes).toBe(30);
    await app?.close();
    expect((await configWith({ IDLE_TIMEOUT_MINUTES: '5' })).idleTimeoutMinutes).toBe(5);
    await app?.close();
    expect((await configWith({ IDLE_TIMEOUT_MINUTES: '0' })).idleTimeoutMinutes).toBe(0);
  });

  it('refuses a bad IDLE_TIMEOUT_MINUTES at start-up', async () => {
    for (const bad of ['-1', '1.5', 'soon', '20000']) {
      await expect(
        createPlatformApp({ env: { IDLE_TIMEOUT_MINUTES: bad }, ready: false }),
      ).rejects.toThrow(/IDLE_TIMEOUT_MINUTES/);
    }
  });

  it('derives the embedded issuer from PUBLIC_URL', async () => {
    const config = await configWith({ PUBLIC_URL: 'https://portal.example.com/' });
    expect(config.auth.issuer).toBe('https://portal.example.com/oidc');
  });

  it('names the sprite by its content hash, which the sprite address accepts', async () => {
    const config = await configWith();
    const sprite = await app!.inject({
      method: 'GET',
      url: `/shared/sprite.svg?v=${config.spriteHash}`,
    });
    expect(sprite.statusCode).toBe(200);
    expect(sprite.headers.etag).toBe(`"${config.spriteHash}"`);
  });
});
