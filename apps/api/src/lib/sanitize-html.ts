import createDOMPurify, { type Config } from 'dompurify';
import { JSDOM } from 'jsdom';

// One jsdom window for the whole process: creating a window costs far more than sanitising,
// and DOMPurify keeps no per-call state on it beyond the hook registered below.
const { window } = new JSDOM('<!DOCTYPE html>');
const purify = createDOMPurify(window);

/** Rich-text elements an editor produces; anything else (script, style, forms, frames, svg…) is dropped. */
const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  's',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'u',
  'ul',
];

/** No style, no id/name (DOM clobbering), no event handlers: those are never on this list. */
const ALLOWED_ATTR = [
  'alt',
  'cite',
  'class',
  'colspan',
  'datetime',
  'dir',
  'headers',
  'height',
  'href',
  'lang',
  'rel',
  'reversed',
  'rowspan',
  'scope',
  'span',
  'src',
  'start',
  'target',
  'title',
  'type',
  'width',
];

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  // http(s), mailto, tel and relative addresses only: no javascript:, vbscript:, data: links.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
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
