import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';

/** Parses as XML the way a browser loads an <img> SVG; a syntax error yields <parsererror>. */
function parseSvg(text: string): Element {
  const { window } = new JSDOM('');
  const doc = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc.documentElement;
}

describe('public media', () => {
  const t = appPerSuite();

  it.each([
    ['large', '1200', '500'],
    ['medium', '600', '250'],
    ['small', '300', '125'],
  ])('serves the %s news banner as a %sx%s SVG without a token', async (size, width, height) => {
    const res = await t.app.inject({ method: 'GET', url: `/media/news/17-${size}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    const svg = parseSvg(res.body);
    expect(svg.tagName).toBe('svg');
    expect(svg.getAttribute('width')).toBe(width);
    expect(svg.getAttribute('height')).toBe(height);
    expect(svg.getAttribute('viewBox')).toBe('0 0 1200 500');
    expect(svg.querySelector('script, foreignObject')).toBeNull();
  });

  it('draws the same picture for the same key and a different one for another key', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/media/news/17-large.svg' });
    const again = await t.app.inject({ method: 'GET', url: '/media/news/17-large.svg' });
    const b = await t.app.inject({ method: 'GET', url: '/media/news/18-large.svg' });
    expect(again.body).toBe(a.body);
    expect(b.body).not.toBe(a.body);
    const medium = await t.app.inject({ method: 'GET', url: '/media/news/17-medium.svg' });
    // Same drawing, other size: only the width/height attributes differ.
    expect(medium.body.replace(/width="\d+" height="\d+"/, '')).toBe(
      a.body.replace(/width="\d+" height="\d+"/, ''),
    );
  });

  it('is cacheable for a year and answers 304 to a matching If-None-Match', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/news/3-small.svg' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const cached = await t.app.inject({
      method: 'GET',
      url: '/media/news/3-small.svg',
      headers: { 'if-none-match': String(etag) },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it.each([
    '17-huge.svg',
    '17-large.png',
    '-large.svg',
    'ABC-large.svg',
    '17_large.svg',
    '%3Cscript%3E-large.svg',
    `${'a'.repeat(80)}-large.svg`,
  ])('answers 404 JSON for /media/news/%s', async (file) => {
    const res = await t.app.inject({ method: 'GET', url: `/media/news/${file}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it('serves the Portico logo, the default news image', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const svg = parseSvg(res.body);
    expect(svg.getAttribute('aria-label')).toBe('Portico');
    expect(svg.textContent).toContain('Portico');
  });

  it('forbids scripts when an SVG is opened as a document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/logo.svg' });
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'none'");
  });
});
