import DOMPurify from 'dompurify';

/**
 * Content documents are HTML from the server: DOMPurify before they reach the DOM
 * (ARCHITECTURE.md). Links may keep target="_blank" (release notes open beside the page), but
 * then never hand the new window a reference to this one. A private instance, so the hook
 * does not change how other modules sanitise.
 */
const purify = DOMPurify(window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node instanceof HTMLAnchorElement && node.hasAttribute('target')) {
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
  }
});

export function sanitizeDocumentHtml(html: string): string {
  return purify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target'] });
}
