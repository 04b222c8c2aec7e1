import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.js';

describe('sanitizeHtml', () => {
  it('keeps ordinary rich text intact', () => {
    const html =
      '<h2>Release notes</h2><p>The <strong>cloud</strong> release brings <em>faster</em> ' +
      'reports.</p><ul><li>One</li><li>Two</li></ul><blockquote>Quote</blockquote>' +
      '<table><thead><tr><th scope="col">Area</th></tr></thead><tbody><tr><td>ERP</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps safe links and images', () => {
    expect(sanitizeHtml('<a href="https://example.com/x?a=1&amp;b=2" title="X">x</a>')).toBe(
      '<a href="https://example.com/x?a=1&amp;b=2" title="X">x</a>',
    );
    expect(sanitizeHtml('<a href="/news">n</a>')).toBe('<a href="/news">n</a>');
    expect(sanitizeHtml('<a href="mailto:support@portico.test">m</a>')).toBe(
      '<a href="mailto:support@portico.test">m</a>',
    );
    expect(sanitizeHtml('<img src="/media/logo.svg" alt="Logo">')).toBe(
      '<img src="/media/logo.svg" alt="Logo">',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src=x onerror=alert(1)>', '<img src="x">'],
    ['<svg onload=alert(1)><circle r="5"/></svg>ok', 'ok'],
    ['<p onclick="alert(1)" onmouseover="alert(2)">hi</p>', '<p>hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="  javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', '<a>x</a>'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<object data="evil.swf"></object><embed src="evil.swf">ok', 'ok'],
    ['<style>body{display:none}</style><p>ok</p>', '<p>ok</p>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<form action="https://evil.example"><input name="pw"><button>Go</button></form>', 'Go'],
    ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<p></p>'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example">ok', 'ok'],
    ['<base href="https://evil.example/">ok', 'ok'],
    ['<div id="location" name="cookie">x</div>', '<div>x</div>'],
    ['<p data-x="1">x</p>', '<p>x</p>'],
  ])('neutralises %s', (payload, expected) => {
    const clean = sanitizeHtml(payload);
    expect(clean).toBe(expected);
    expect(clean).not.toMatch(/onerror|onload|onclick|javascript:|<script|<style|<iframe/i);
  });

  it('adds rel="noopener noreferrer" to links opening a new tab, replacing any other rel', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops named link targets but keeps _self', () => {
    expect(sanitizeHtml('<a href="/a" target="portal">x</a>')).toBe('<a href="/a">x</a>');
    expect(sanitizeHtml('<a href="/a" target="_self">x</a>')).toBe(
      '<a href="/a" target="_self">x</a>',
    );
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
  });
});
