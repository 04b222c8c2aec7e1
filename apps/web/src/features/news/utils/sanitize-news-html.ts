import { sanitizeRichHtml } from '../../../lib/html/sanitize-rich-html.js';

/**
 * News bodies are sanitised on the way in (API) and again here, right before they reach the
 * DOM, with the same allow-list (docs/architecture.md: every HTML string from a server passes
 * through DOMPurify; one allow-list).
 */
export function sanitizeNewsHtml(html: string): string {
  return sanitizeRichHtml(html);
}
