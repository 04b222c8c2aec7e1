import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DESIGN_SHEETS, designSheetPath } from './design-tokens.js';

// The one way the server writes HTML (issue 36, ADR 0067): React components rendered to a
// string, so every value is escaped by the renderer, never by hand. renderToStaticMarkup:
// these pages are small and sent whole, nothing streams and nothing hydrates.

/** A complete HTML document from its root element. */
export function renderDocument(root: ReactElement): string {
  return `<!DOCTYPE html>\n${renderToStaticMarkup(root)}\n`;
}

/** A fragment (a part of a document another component does not own), escaped by React. */
export function renderFragment(node: ReactNode): string {
  return renderToStaticMarkup(node);
}

export interface PageProps {
  /** The `lang` of the page. */
  language: string;
  /** The browser title (one string: React renders <title> from a single text). */
  title: string;
  /** The page's own style sheet, a same-origin path, after the shared tokens and controls. */
  stylesheet: string;
  /** A same-origin script, deferred (no inline script under the CSP). */
  script?: string | undefined;
  /** Kept out of search engines (pages behind one-time links). */
  noindex?: boolean;
  /** The class of `<main>`. */
  mainClass: string;
  children: ReactNode;
}

/**
 * The one document shape of the server's own pages (sign-in, support desk, the pages of
 * mail links): no referrer to other sites, the shared tokens and controls, the page's style sheet and
 * script from same-origin files only (the site CSP allows no inline script; no nonce needed).
 */
export function Page({
  language,
  title,
  stylesheet,
  script,
  noindex,
  mainClass,
  children,
}: PageProps) {
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        {noindex && <meta name="robots" content="noindex" />}
        <title>{title}</title>
        {DESIGN_SHEETS.map((sheet) => (
          <link key={sheet} rel="stylesheet" href={designSheetPath(sheet)} />
        ))}
        <link rel="stylesheet" href={stylesheet} />
        {script && <script src={script} defer />}
      </head>
      <body>
        <main className={mainClass}>{children}</main>
      </body>
    </html>
  );
}

/** A server page as the string a reply sends. */
export function renderPage(props: PageProps): string {
  return renderDocument(<Page {...props} />);
}

export interface MailDocumentProps {
  language: string;
  /** The subject, as the title of the HTML part. */
  title: string;
  children: ReactNode;
}

/**
 * The HTML part of a mail. Mail clients drop linked and most embedded style sheets, so the
 * few styles are inline attributes (the CSP of the site does not apply to a mail).
 */
export function MailDocument({ language, title, children }: MailDocumentProps) {
  return (
    <html lang={language}>
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body style={{ fontFamily: 'sans-serif', lineHeight: 1.5 }}>{children}</body>
    </html>
  );
}

/** A mail's HTML part as the string the mailer sends. */
export function renderMail(props: MailDocumentProps): string {
  return renderDocument(<MailDocument {...props} />);
}
