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
 * (lib/render, ADR 0067); this is only for a value spliced into a page React rendered once:
 * the busy sign-in page (ADR 0042), where a render per refusal would cost ten times more.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

/**
 * An address we are willing to link to from configuration: http(s), mailto, or a local path;
 * '#' otherwise. Unescaped, for React to escape.
 */
export function safeAddress(address: string): string {
  const trimmed = address.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) {
    return trimmed;
  }
  return '#';
}
