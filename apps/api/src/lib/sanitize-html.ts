import { purifyConfig, RICH_HTML_POLICY, safeLinkTarget } from '@portico/contracts';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

// One jsdom window for the whole process: creating a window costs far more than sanitising,
// and DOMPurify keeps no per-call state on it beyond the hook registered below.
const { window } = new JSDOM('<!DOCTYPE html>');
const purify = createDOMPurify(window);

/** The shared allow-list (packages/contracts html-policy), the same one every client sanitiser uses. */
const CONFIG = purifyConfig(RICH_HTML_POLICY);

purify.addHook('afterSanitizeAttributes', safeLinkTarget);

/** Cleans untrusted HTML (news bodies, content documents) to the rich-text allow-list above. */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, CONFIG);
}
