import { describe, expect, it } from 'vitest';
import { platformAppPerSuite } from '../../test/platform-app.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { appScript, vendorScript } from '../../test/temp-dist.js';
import { notBuiltMessage } from './spa.js';

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('SPA serving', () => {
  const suite = platformAppPerSuite({ tempDist: true });

  it.each([
    '/',
    '/news',
    '/news?page=2&query=cloud',
    '/news-item/a-title/42',
    '/my-settings/subscriptions',
  ])('answers the client route %s with index.html, not cached', async (url) => {
    const res = await suite.get(url, html);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The built index.html, with the configuration, header and footer written in.
    expect(res.body).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<script type="application/json" id="portico-config">');
  });

  it('serves hashed assets for a year, immutable', async () => {
    const res = await suite.get('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(appScript);
  });

  it('sends the precompressed copy the browser accepts, Brotli first', async () => {
    const url = '/assets/vendor-def456.js';
    const br = await suite.get(url, { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(vendorScript);
    expect(br.rawPayload.length).toBeLessThan(vendorScript.length / 4);

    const gz = await suite.get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(vendorScript);

    const plain = await suite.get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(vendorScript);
  });

  it('sends a file without compressed copies as it is, whatever the browser accepts', async () => {
    const res = await suite.get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(appScript);
  });

  it('serves other files with a short cache, and index.html itself uncached', async () => {
    const icon = await suite.get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const index = await suite.get('/index.html');
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a 404, not with index.html', async () => {
    const res = await suite.get('/assets/gone-123.js', { accept: '*/*' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it.each([
    '/api/nothing',
    '/oidc/nothing',
    '/shared/nothing',
    '/media/x.png',
    '/health/x',
    '/support-desk/x',
  ])('never answers the server path %s with the SPA', async (url) => {
    const res = await suite.get(url, html);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it.each(['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/.env', '/assets/..%2f.env'])(
    'does not serve %s from outside dist or hidden files',
    async (url) => {
      const res = await suite.get(url, { accept: '*/*' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('SECRET');
      expect(res.body).not.toContain('root:');
    },
  );

  it('answers a malformed address with a 400 JSON', async () => {
    const res = await suite.get('/news/%E0%A4%A', html);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, title: 'Invalid request' });
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await suite.app.inject({ method: 'HEAD', url: '/news', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
  });
});

describe('SPA serving without a build', () => {
  const suite = platformAppPerSuite({ distDir: '/nonexistent/portico-web-dist' });

  it('starts anyway and tells a browser to run the build', async () => {
    const res = await suite.get('/news', html);
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(notBuiltMessage);
    expect(res.body).toContain('npm run build');
  });

  it('still answers the server routes', async () => {
    expect((await suite.get('/health/live')).statusCode).toBe(200);
    expect((await suite.get('/config.json')).statusCode).toBe(200);
    expect((await suite.get('/api/x', html)).statusCode).toBe(404);
  });
});
