import { RICH_HTML_POLICY } from '@portico/contracts';
import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';

// One jsdom window for the whole process: creating a window costs far more than sanitising,
// and DOMPurify keeps no per-call state on it beyond the hook registered below.
const { window } = new JSDOM('<!DOCTYPE html>');
const purify = createDOMPurify(window);

/** The shared allow-list (packages/contracts html-policy), the same one every client sanitiser uses. */
const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_HTML_POLICY.ALLOWED_TAGS],
  ALLOWED_ATTR: [...RICH_HTML_POLICY.ALLOWED_ATTR],
  ALLOWED_URI_REGEXP: RICH_HTML_POLICY.ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

// A link that opens a new browsing context must not hand it window.opener or the referrer.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const target = node.getAttribute('target');
  if (target === null) return;
  if (target === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  } else if (target !== '_self') {
    // Named targets could reach another window of ours; only new-tab and same-tab are allowed.
    node.removeAttribute('target');
  }
});

/** Cleans untrusted HTML (news bodies, content documents) to the rich-text allow-list above. */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, CONFIG);
}
