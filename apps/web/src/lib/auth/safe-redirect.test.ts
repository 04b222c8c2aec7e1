import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-redirect.js';
import { decodeState, encodeState } from './state.js';

describe('safeReturnPath (issue 2 §3: same-origin relative paths only)', () => {
  it.each([
    '/news',
    '/news?page=2&query=cloud',
    '/news?query=cloud%20erp&page=2',
    '/news/news-item/cloud-update/12#top',
    '/search?query=a//b&productId=1',
    '/my-settings/subscriptions',
  ])('keeps the in-app path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/news'],
    ['backslash', '/\\evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['absolute https', 'https://evil.example/news'],
    ['absolute http', 'http://localhost:3000/news'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['javascript scheme, mixed case', 'JaVaScRiPt:alert(1)'],
    ['data scheme', 'data:text/html,<script>alert(1)</script>'],
    ['encoded slashes', '%2F%2Fevil.example'],
    ['encoded second slash', '/%2Fevil.example'],
    ['double-encoded second slash', '/%252Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['leading space', ' //evil.example'],
    ['leading tab', '\t/news'],
    ['tab between the slashes', '/\t/evil.example'],
    ['newline between the slashes', '/\n/evil.example'],
    ['encoded newline between the slashes', '/%0A/evil.example'],
    ['relative without slash', 'news'],
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
  ])('sends %s to /', (_name, input) => {
    expect(safeReturnPath(input)).toBe('/');
  });
});

describe('sign-in state (§4: base64 of the return path)', () => {
  it('round-trips a path with its query, including non-ASCII text', () => {
    for (const path of ['/news?page=2&query=cloud', '/search?query=Müller&productId=7']) {
      const state = encodeState(path);
      expect(state).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(decodeState(state)).toBe(path);
    }
  });

  it('is standard base64 of the path', () => {
    expect(encodeState('/news')).toBe(btoa('/news'));
  });

  it('accepts the URL-safe alphabet, missing padding and + turned into a space', () => {
    const path = '/?>?>?>';
    const state = encodeState(path);
    expect(state).toContain('+');
    expect(state).toContain('/');
    expect(state).toContain('=');
    const urlSafe = state.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeState(urlSafe)).toBe(path);
    expect(decodeState(state.replace(/\+/g, ' '))).toBe(path);
  });

  it.each(['not base64!', '%%%', 'a', '', null, btoa('\xff\xfe')])('gives null for %s', (state) => {
    expect(decodeState(state)).toBeNull();
  });
});
