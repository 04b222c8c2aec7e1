import { describe, expect, it } from 'vitest';
import { withTableOfContents } from './table-of-contents.js';

describe('withTableOfContents', () => {
  it('gives the h2 and h3 headings our own ids and lists them in order', () => {
    const { html, toc } = withTableOfContents(
      '<h2>Overview</h2><p>a</p><h3>Step one</h3><h4>Not listed</h4><h2>Troubleshooting</h2>',
    );
    expect(toc).toEqual([
      { id: 'doc-section-1', text: 'Overview', level: 2 },
      { id: 'doc-section-2', text: 'Step one', level: 3 },
      { id: 'doc-section-3', text: 'Troubleshooting', level: 2 },
    ]);
    expect(html).toContain('<h2 id="doc-section-1" tabindex="-1">Overview</h2>');
    expect(html).toContain('<h4>Not listed</h4>');
  });

  it('sanitises first: scripts, handlers and ids from the server never reach the page', () => {
    const { html, toc } = withTableOfContents(
      '<h2 id="main" onclick="alert(1)">Intro</h2><script>alert(2)</script><img src="x" onerror="alert(3)"><a href="javascript:alert(4)">x</a>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|id="main"/);
    expect(toc).toEqual([{ id: 'doc-section-1', text: 'Intro', level: 2 }]);
  });
});
