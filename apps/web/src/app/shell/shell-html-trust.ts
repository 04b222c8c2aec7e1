/**
 * The shell's HTML (header, footer, icon sprite) and who vouches for it (ADR 0047). This
 * server renders its own from templates that escape every value, with the shell allow-list
 * (packages/contracts html-policy); so HTML from the page's own origin is used as sent, and
 * DOMPurify stays off the start-up path. A shared base on another origin is another system's
 * HTML: it is sanitised in the browser, with DOMPurify loaded when it is first needed.
 */
export function isOwnOrigin(address: string): boolean {
  return new URL(address, window.location.href).origin === window.location.origin;
}

/** `html` from `address`, safe to inject. */
export async function trustedShellHtml(html: string, address: string): Promise<string> {
  if (isOwnOrigin(address)) return html;
  const { sanitizeShellHtml } = await import('./sanitize-shell-html.js');
  return sanitizeShellHtml(html);
}

/** The icon sprite from `address`, safe to inject. */
export async function trustedSprite(svg: string, address: string): Promise<string> {
  if (isOwnOrigin(address)) return svg;
  const { sanitizeSprite } = await import('./sanitize-shell-html.js');
  return sanitizeSprite(svg);
}
