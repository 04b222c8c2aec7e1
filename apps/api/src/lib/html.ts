const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

/**
 * An address we are willing to link to from configuration: http(s), mailto, or a local path;
 * '#' otherwise. Unescaped, for React to escape (escape it yourself in a string: safeHref).
 */
export function safeAddress(address: string): string {
  const trimmed = address.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) {
    return trimmed;
  }
  return '#';
}

/** safeAddress, escaped for a quoted attribute of an HTML string. */
export function safeHref(address: string): string {
  return escapeHtml(safeAddress(address));
}

/** What htmlPage needs: every value but `main` is escaped here. */
export interface HtmlPage {
  /** The `lang` of the page. */
  language: string;
  /** The browser title. */
  title: string;
  /** The page's one style sheet, a same-origin path (no inline style under the CSP). */
  stylesheet: string;
  /** A same-origin script, deferred (no inline script under the CSP). */
  script?: string | undefined;
  /** Kept out of search engines (pages behind one-time links). */
  noindex?: boolean;
  /** The class of `<main>`. */
  mainClass: string;
  /** The content of `<main>`: HTML whose every value the caller has escaped. */
  main: string;
}

/**
 * The one document shape of the server's own pages (sign-in, support desk, the pages of
 * mail links): no referrer to other sites, styles and script from same-origin files only.
 */
export function htmlPage(page: HtmlPage): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(page.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${page.noindex ? '<meta name="robots" content="noindex">\n' : ''}<title>${escapeHtml(page.title)}</title>
<link rel="stylesheet" href="${escapeHtml(page.stylesheet)}">
${page.script ? `<script src="${escapeHtml(page.script)}" defer></script>\n` : ''}</head>
<body>
<main class="${escapeHtml(page.mainClass)}">
${page.main}
</main>
</body>
</html>
`;
}
