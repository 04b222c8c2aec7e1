const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/**
 * Escapes text for HTML element content and quoted attribute values, exactly as React does
 * (the same five characters, the same entities). Server HTML is rendered by React components
 * (lib/render, ADR 0067); this is for the few strings React cannot render: a value spliced
 * into a page React rendered once (the busy sign-in page, ADR 0042) and the shell fragments
 * still built as strings (modules/shared header and footer templates).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

/** A link we are willing to render from configuration: http(s), mailto, or a local path; else '#'. */
export function safeLink(address: string): string {
  const trimmed = address.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) {
    return trimmed;
  }
  return '#';
}

/** safeLink, escaped for a quoted attribute of a string template. */
export function safeHref(address: string): string {
  return escapeHtml(safeLink(address));
}
