/**
 * The one HTML allow-list of Portico (docs/architecture.md: every HTML string from a server passes
 * through DOMPurify). The API sanitises news bodies and content documents with it on the way
 * in, and every client sanitiser (news, content documents, the modal) applies the very same
 * list right before the DOM, so HTML written straight to the database is cut to what the
 * server would have stored. No `style` (a `position:fixed` overlay), no `class` (the app's own
 * classes, e.g. `.ui-card__link::after`, would lay a full-page link over the portal), no
 * `id`/`name` (DOM clobbering), no event handlers, no forms, frames, scripts or SVG.
 *
 * The shared header and footer need a few chrome elements on top (a search form, ids for
 * labels and aria-controls, sprite icons, the chrome's classes): SHELL_HTML_POLICY is this
 * list plus exactly those, still without `style`, handlers or foreign addresses.
 *
 * Plain data, so the package needs no DOMPurify: each side passes it to its own instance.
 */
export interface HtmlPolicy {
  readonly ALLOWED_TAGS: readonly string[];
  readonly ALLOWED_ATTR: readonly string[];
  readonly ALLOWED_URI_REGEXP: RegExp;
}

/** Rich-text elements an editor produces. */
const RICH_TAGS = [
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
] as const;

/** No `class`, `id` or `style`: content must not reach the app's stylesheet (ADR 0019). */
const RICH_ATTR = [
  'alt',
  'cite',
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
] as const;

/** http(s), mailto, tel and relative addresses only: no javascript:, vbscript:, data: links. */
export const SAFE_URI_PATTERN = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** News bodies, content documents, modal bodies. */
export const RICH_HTML_POLICY: HtmlPolicy = {
  ALLOWED_TAGS: RICH_TAGS,
  ALLOWED_ATTR: RICH_ATTR,
  ALLOWED_URI_REGEXP: SAFE_URI_PATTERN,
};

/** The shared header and footer: the rich list plus the header's chrome (search form, icons). */
export const SHELL_HTML_POLICY: HtmlPolicy = {
  ALLOWED_TAGS: [
    ...RICH_TAGS,
    'button',
    'footer',
    'form',
    'header',
    'input',
    'label',
    'nav',
    'option',
    'search',
    'select',
    'svg',
    'use',
  ],
  ALLOWED_ATTR: [
    ...RICH_ATTR,
    'action',
    'aria-controls',
    'aria-current',
    'aria-describedby',
    'aria-expanded',
    'aria-hidden',
    'aria-label',
    'aria-labelledby',
    'autocomplete',
    // The header and footer are styled by the app's chrome classes (trusted configuration).
    'class',
    'focusable',
    'for',
    'hidden',
    'id',
    'method',
    'name',
    'placeholder',
    'role',
    'selected',
    'value',
    'viewbox',
  ],
  ALLOWED_URI_REGEXP: SAFE_URI_PATTERN,
};

/**
 * A header image address the page may load: an absolute http(s) URL or a same-origin path
 * (`/media/x.png`, not the protocol-relative `//host/x`). Anything else (javascript:, data:,
 * vbscript:, a bare word, control characters) is refused, on the server on the way in and out
 * and in the browser before rendering.
 */
export function isSafeImageUrl(value: string): boolean {
  // Browsers strip tabs and newlines inside URLs and treat backslashes as slashes.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value) || value.trim() !== value || value === '') return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host !== '';
  } catch {
    return false;
  }
}

/** A header image whose three variants are all safe, or null (the caller shows the default). */
export function safeHeaderImage<T extends { large: string; medium: string; small: string }>(
  image: T | null | undefined,
): T | null {
  if (!image) return null;
  return isSafeImageUrl(image.large) && isSafeImageUrl(image.medium) && isSafeImageUrl(image.small)
    ? image
    : null;
}

/**
 * A stored header image (its three columns) as the API answers it: the smaller variants fall
 * back to the large one when a writer gave only that; null without one or when one is unsafe.
 */
export function storedHeaderImage(
  large: string | null,
  medium: string | null,
  small: string | null,
): { large: string; medium: string; small: string } | null {
  return large === null
    ? null
    : safeHeaderImage({ large, medium: medium ?? large, small: small ?? large });
}

/**
 * DOMPurify's settings for a policy, the same on every side: nothing beyond the lists (no
 * data- attributes, no unknown protocols); a dropped element's text is kept.
 */
export function purifyConfig(policy: HtmlPolicy) {
  return {
    ALLOWED_TAGS: [...policy.ALLOWED_TAGS],
    ALLOWED_ATTR: [...policy.ALLOWED_ATTR],
    ALLOWED_URI_REGEXP: policy.ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
  };
}

/** The parts of a sanitised element `safeLinkTarget` reads and writes (DOM or jsdom). */
interface LinkLike {
  readonly nodeName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * A link that opens a new browsing context hands it neither window.opener nor the referrer;
 * a named target (which could reach another window of ours) goes. For DOMPurify's
 * afterSanitizeAttributes hook, on every side that sanitises.
 */
export function safeLinkTarget(node: LinkLike): void {
  if (node.nodeName !== 'A') return;
  const target = node.getAttribute('target');
  if (target === null || target === '_self') return;
  if (target === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  else node.removeAttribute('target');
}
