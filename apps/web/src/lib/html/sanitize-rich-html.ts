import { RICH_HTML_POLICY } from '@portico/contracts';
import DOMPurify, { type Config } from 'dompurify';

/**
 * The browser's sanitiser for HTML from a server (news bodies, content documents, modal
 * bodies): the same allow-list the API stores with (packages/contracts html-policy), applied
 * again right before the DOM, so HTML that reached the database some other way (a migration, a
 * direct write) is cut to the same list: no style, no ids, no handlers, no forms or frames.
 * A private DOMPurify instance, so its hook does not change other sanitisers.
 */
const purify = DOMPurify(window);

const CONFIG: Config = {
  ALLOWED_TAGS: [...RICH_HTML_POLICY.ALLOWED_TAGS],
  ALLOWED_ATTR: [...RICH_HTML_POLICY.ALLOWED_ATTR],
  ALLOWED_URI_REGEXP: RICH_HTML_POLICY.ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  KEEP_CONTENT: true,
};

// As on the server: a new-tab link gets no window.opener or referrer; named targets go.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (!(node instanceof HTMLAnchorElement)) return;
  const target = node.getAttribute('target');
  if (target === null) return;
  if (target === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  else if (target !== '_self') node.removeAttribute('target');
});

export function sanitizeRichHtml(html: string): string {
  return purify.sanitize(html, CONFIG);
}
