import { purifyConfig, SHELL_HTML_POLICY } from '@portico/contracts';
import DOMPurify from 'dompurify';

/**
 * Sanitising for the HTML the shell puts in the page: the shared header and footer and the
 * icon sprite (docs/architecture.md: every HTML string from a server passes through DOMPurify).
 * The shared shell allow-list (packages/contracts html-policy: the rich-text list plus the
 * header's search form, ids and sprite icons): scripts, styles, event-handler attributes and
 * javascript: addresses go. A private DOMPurify instance, so its hook does not change how
 * other modules sanitise.
 */
const purify = DOMPurify(window);

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

purify.addHook('afterSanitizeAttributes', (node) => {
  // Links that open a new window must not hand it a reference to this one.
  if (node instanceof HTMLAnchorElement && node.hasAttribute('target')) {
    if (node.getAttribute('target') !== '_self') node.setAttribute('rel', 'noopener noreferrer');
  }
  // <use> may only point at a symbol of the page's own sprite ('#icon-search').
  if (node.namespaceURI === SVG_NS && node.localName === 'use') {
    for (const [ns, name] of [
      [null, 'href'],
      [XLINK_NS, 'href'],
    ] as const) {
      const value = node.getAttributeNS(ns, name);
      if (value !== null && !/^#[\w-]+$/.test(value)) node.removeAttributeNS(ns, name);
    }
  }
});

/** Icons in the shared header/footer reference the sprite with <svg><use href="#icon-…">. */
const SHELL_HTML_CONFIG = purifyConfig(SHELL_HTML_POLICY);

/** The shared header/footer HTML, safe to inject. */
export function sanitizeShellHtml(html: string): string {
  return purify.sanitize(html, SHELL_HTML_CONFIG);
}

/** The icon sprite, reduced to SVG markup. */
export function sanitizeSprite(svg: string): string {
  return purify.sanitize(svg, { USE_PROFILES: { svg: true } });
}
