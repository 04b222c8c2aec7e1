import { describe, expect, it } from 'vitest';
import { sanitizeDocumentHtml } from '../../features/report-engine/utils/sanitize-document-html.js';
import { sanitizeNewsHtml } from '../../features/news/utils/sanitize-news-html.js';
import { sanitizeRichHtml } from './sanitize-rich-html.js';

const OVERLAY =
  '<div style="position:fixed;inset:0;z-index:9999;background:#fff">Sign in again</div><p>Body</p>';

describe.each([
  ['news', sanitizeNewsHtml],
  ['content documents', sanitizeDocumentHtml],
  ['the shared rich-text sanitiser', sanitizeRichHtml],
])('sanitising %s in the browser (the server allow-list)', (_name, sanitize) => {
  it('drops style attributes, so a full-page overlay written straight to the database cannot cover the page', () => {
    const clean = sanitize(OVERLAY);
    expect(clean).not.toContain('style');
    expect(clean).not.toContain('position');
    expect(clean).toBe('<div>Sign in again</div><p>Body</p>');
  });

  it.each([
    // The app's classes: a full-page card link, the loading bar, the notification panel.
    [
      '<a class="ui-card__link" href="https://evil.example/">x</a>',
      '<a href="https://evil.example/">x</a>',
    ],
    ['<div class="app-loading-bar">x</div><p class="nb-panel">y</p>', '<div>x</div><p>y</p>'],
    ['<p id="root" style="position:fixed">x</p>', '<p>x</p>'],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<form action="https://evil.example"><input name="pw"><button>Go</button></form>', 'Go'],
    ['<div id="location" name="cookie">x</div>', '<div>x</div>'],
    ['<p data-x="1">x</p>', '<p>x</p>'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<svg onload=alert(1)><circle r="5"/></svg>ok', 'ok'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ])('neutralises %s as the server does', (payload, expected) => {
    expect(sanitize(payload)).toBe(expected);
  });

  it('keeps rich text and gives new-tab links no reference back', () => {
    expect(sanitize('<h2>T</h2><p><strong>b</strong> <a href="/news">n</a></p>')).toBe(
      '<h2>T</h2><p><strong>b</strong> <a href="/news">n</a></p>',
    );
    expect(sanitize('<a href="https://x.example" target="_blank">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitize('<a href="https://x.example" target="other">x</a>')).toBe(
      '<a href="https://x.example">x</a>',
    );
  });
});
