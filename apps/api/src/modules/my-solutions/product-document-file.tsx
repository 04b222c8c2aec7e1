import type { ProductDocument } from '@portico/contracts';
import { renderDocument } from '../../lib/render/html-document.js';
import { SanitizedHtml } from '../../lib/render/sanitized-html.js';

// A product document as a standalone HTML file (a download, opened from the disk: no site
// style sheet to link, so its few rules are inline). React component, ADR 0067.
const FILE_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}';

export function productDocumentFile(document: ProductDocument): string {
  const { facets } = document;
  const applies = [
    document.productName,
    facets.release.label,
    facets.documentType.label,
    facets.language.label,
    document.publishedOn,
  ].join(' · ');
  return renderDocument(
    <html lang={facets.language.key || 'en'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{document.title}</title>
        <style>{FILE_STYLE}</style>
      </head>
      <body>
        <h1>{document.title}</h1>
        <p>{applies}</p>
        <SanitizedHtml html={document.content} />
      </body>
    </html>,
  );
}
