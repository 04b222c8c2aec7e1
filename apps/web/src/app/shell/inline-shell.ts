/** The shared pieces of the shell a page may carry (§7 header and footer). */
export type SharedFragment = 'header' | 'footer';

/**
 * The shared header and footer the server wrote into the first HTML as inert templates
 * (ADR 0021), so the shell needs no request for them. The header there is the signed-out
 * one, the same for everybody. The page's own server wrote them, as it writes the fetched
 * ones (shell-html-trust.ts: used as sent). Undefined when the page has none
 * (the development server, tests): then they are fetched as before.
 */
const TEMPLATE_IDS: Record<SharedFragment, string> = {
  header: 'portico-shared-header',
  footer: 'portico-shared-footer',
};

const read = new Map<SharedFragment, string | undefined>();

export function inlineShellHtml(kind: SharedFragment): string | undefined {
  if (read.has(kind)) return read.get(kind);
  // The server's render of the app (ADR 0075) is given its header and footer.
  if (typeof document === 'undefined') return undefined;
  const template = document.getElementById(TEMPLATE_IDS[kind]);
  const html =
    template instanceof HTMLTemplateElement && template.innerHTML.trim() !== ''
      ? template.innerHTML
      : undefined;
  read.set(kind, html);
  return html;
}

/** Tests: read the page again. */
export function resetInlineShellForTests(): void {
  read.clear();
}
