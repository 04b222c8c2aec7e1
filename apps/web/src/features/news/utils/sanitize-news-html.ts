import DOMPurify from 'dompurify';

/**
 * News bodies are sanitised on the way in (API) and again here, right before they reach the
 * DOM (ARCHITECTURE.md: every HTML string from a server passes through DOMPurify).
 */
export function sanitizeNewsHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
