import { describe, expect, it } from 'vitest';
import {
  isSafeImageUrl,
  RICH_HTML_POLICY,
  safeHeaderImage,
  SHELL_HTML_POLICY,
} from './html-policy.js';

describe('header image addresses', () => {
  it('accepts http(s) URLs and same-origin paths', () => {
    for (const ok of [
      'https://cdn.example/news/a.png',
      'http://cdn.example/a.png?x=1',
      '/media/logo.svg',
      '/media/a%20b.png',
    ]) {
      expect(isSafeImageUrl(ok), ok).toBe(true);
    }
  });

  it('refuses script, data and other schemes, protocol-relative and odd addresses', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'vbscript:x',
      'ftp://files.example/a.png',
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      'media/logo.svg',
      '',
    ]) {
      expect(isSafeImageUrl(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('keeps an image only when all three variants are safe', () => {
    const good = { large: '/l.png', medium: '/m.png', small: 'https://cdn.example/s.png' };
    expect(safeHeaderImage(good)).toEqual(good);
    expect(safeHeaderImage({ ...good, small: 'javascript:alert(1)' })).toBeNull();
    expect(safeHeaderImage(null)).toBeNull();
  });
});

describe('the HTML allow-lists', () => {
  it('never allow style, ids or classes on rich text, or event handlers', () => {
    expect(RICH_HTML_POLICY.ALLOWED_ATTR).not.toContain('style');
    expect(RICH_HTML_POLICY.ALLOWED_ATTR).not.toContain('id');
    // The app's own classes (.ui-card__link::after covers the page) are not content's to use.
    expect(RICH_HTML_POLICY.ALLOWED_ATTR).not.toContain('class');
    expect(RICH_HTML_POLICY.ALLOWED_TAGS).not.toContain('style');
    expect(SHELL_HTML_POLICY.ALLOWED_ATTR).not.toContain('style');
    expect(SHELL_HTML_POLICY.ALLOWED_ATTR.some((a) => a.startsWith('on'))).toBe(false);
  });

  it('the shell list is the rich list plus chrome, never less', () => {
    for (const tag of RICH_HTML_POLICY.ALLOWED_TAGS)
      expect(SHELL_HTML_POLICY.ALLOWED_TAGS).toContain(tag);
  });
});
