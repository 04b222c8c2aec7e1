import DOMPurify from 'dompurify';

/**
 * Sanitising for the HTML the shell puts in the page: the shared header and footer and the
 * icon sprite (ARCHITECTURE.md: every HTML string from a server passes through DOMPurify).
 * Scripts, event-handler attributes and javascript: addresses go; markup, forms, inputs and
 * selects (the header search form) stay. A private DOMPurify instance, so its hook does not
 * change how other modules sanitise.
 */
const purify = DOMPurify(window);

// Links that open a new window must not hand it a reference to this one.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof HTMLAnchorElement && node.hasAttribute('target')) {
    if (node.getAttribute('target') === '_self') return;
    node.setAttribute('rel', 'noopener noreferrer');
  }
});

/** The shared header/footer HTML, safe to inject. */
export function sanitizeShellHtml(html: string): string {
  return purify.sanitize(html, { ADD_TAGS: ['search'], ADD_ATTR: ['target'] });
}

/** The icon sprite, reduced to SVG markup. */
export function sanitizeSprite(svg: string): string {
  return purify.sanitize(svg, { USE_PROFILES: { svg: true } });
}
