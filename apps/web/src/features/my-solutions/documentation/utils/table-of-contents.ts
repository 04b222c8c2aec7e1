import { sanitizeRichHtml } from '../../../../lib/html/sanitize-rich-html.js';

export interface TocEntry {
  id: string;
  text: string;
  level: 2 | 3;
}

/**
 * The document's HTML, sanitised with the one allow-list (which drops every id), with ids WE
 * give its h2 and h3 headings (`doc-section-N`), and the table of contents built from them.
 * The ids are set after sanitising, so no id from the server ever reaches the page.
 */
export function withTableOfContents(html: string): { html: string; toc: TocEntry[] } {
  const template = document.createElement('template');
  template.innerHTML = sanitizeRichHtml(html);
  const toc: TocEntry[] = [];
  template.content.querySelectorAll('h2, h3').forEach((heading, index) => {
    const id = `doc-section-${index + 1}`;
    heading.setAttribute('id', id);
    heading.setAttribute('tabindex', '-1');
    const text = heading.textContent.trim();
    if (text) toc.push({ id, text, level: heading.tagName === 'H2' ? 2 : 3 });
  });
  return { html: template.innerHTML, toc };
}
