import { sanitizeRichHtml } from '../../../lib/html/sanitize-rich-html.js';

/**
 * Content documents are HTML from the server: sanitised with the one shared allow-list before
 * they reach the DOM (docs/architecture.md). Links may keep target="_blank" (release notes open
 * beside the page), but then never hand the new window a reference to this one.
 */
export function sanitizeDocumentHtml(html: string): string {
  return sanitizeRichHtml(html);
}
