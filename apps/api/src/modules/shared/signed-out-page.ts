import type { FastifyReply } from 'fastify';
import { escapeHtml, htmlPage } from '../../lib/html.js';
import { SIGN_IN_STYLESHEET_PATH as STYLESHEET_PATH } from './sign-in-style.js';

// The pages this server shows to someone who is not signed in, from a link in a mail: the
// invitation (set a password) and the unsubscribe page. One head and one card for both, in
// the sign-in page's style sheet (issue 27: they were near-copies).

export interface SignedOutPage {
  /** The `lang` of the page. */
  language: string;
  /** The browser title, as the page's texts word it. */
  documentTitle: string;
  /** The card's heading. */
  heading: string;
  /** The card's content: HTML whose every value the caller has escaped. */
  body: string;
}

export function signedOutPage({ language, documentTitle, heading, body }: SignedOutPage): string {
  return htmlPage({
    ...{ language, title: documentTitle, stylesheet: STYLESHEET_PATH, noindex: true },
    mainClass: 'card',
    main: `<h1>${escapeHtml(heading)}</h1>\n${body}`,
  });
}

/** Sends such a page: never cached (it answers a one-time link), never told to another site. */
export function sendSignedOutPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);
}
