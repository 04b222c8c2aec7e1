import { purifyConfig, RICH_HTML_POLICY, safeLinkTarget } from '@portico/contracts';
import DOMPurify from 'dompurify';

/**
 * The browser's sanitiser for HTML from a server (news bodies, content documents, modal
 * bodies): the same allow-list the API stores with (packages/contracts html-policy), applied
 * again right before the DOM, so HTML that reached the database some other way (a migration, a
 * direct write) is cut to the same list: no style, no ids, no handlers, no forms or frames.
 * A private DOMPurify instance, so its hook does not change other sanitisers.
 */
const purify = DOMPurify(window);

const CONFIG = purifyConfig(RICH_HTML_POLICY);

// As on the server: a new-tab link gets no window.opener or referrer; named targets go.
purify.addHook('afterSanitizeAttributes', safeLinkTarget);

export function sanitizeRichHtml(html: string): string {
  return purify.sanitize(html, CONFIG);
}
