import { sanitizeHtml } from '../sanitize-html.js';

interface SanitizedHtmlProps {
  /** Untrusted rich text (a content document, a news body). */
  html: string;
  className?: string;
}

/**
 * The one place server-rendered HTML takes markup that is not React's: rich text written in
 * the editors is HTML by nature, so it cannot be rendered as text. It goes through the one
 * allow-list (packages/contracts html-policy, lib/sanitize-html) right here, so no caller can
 * inject markup that skipped it.
 */
export function SanitizedHtml({ html, className }: SanitizedHtmlProps) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
