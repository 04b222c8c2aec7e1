/**
 * The text a reader sees in an HTML fragment: tags, attributes and entities gone
 * ('<p>Fish &amp; <b>chips</b></p>' → 'Fish & chips'), so a filter matches what is shown and
 * not the markup. Parsed into an inert document: nothing in it loads or runs.
 */
export function htmlText(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return document.body.textContent.replace(/\s+/g, ' ').trim();
}
