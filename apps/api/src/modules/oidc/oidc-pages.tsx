// Server-rendered pages of the embedded provider, React components (ADR 0067). They carry no
// inline script or style, so they work under the strict Content-Security-Policy (script-src
// 'self'): styles come from the shared tokens and STYLESHEET_PATH, and the only script
// (LOGOUT_SCRIPT_PATH) is a same-origin file.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isLabelLanguage, matchLanguage, type LabelLanguage } from '@portico/locales';
import type { Queryable } from '../../db/db.js';
import type { ReactNode } from 'react';
import { escapeHtml } from '../../lib/html.js';
import { renderPage } from '../../lib/render/html-document.js';
import {
  catalogTexts,
  chooseLanguage,
  textsFor,
  type Translate,
} from '../../lib/i18n/translate.js';
import { SIGN_IN_ASSETS_PREFIX, SIGN_IN_STYLESHEET_PATH } from '../shared/index.js';
import './oidc.texts.js';

export const ASSETS_PREFIX = SIGN_IN_ASSETS_PREFIX;
export const STYLESHEET_PATH = SIGN_IN_STYLESHEET_PATH;
export const LOGOUT_SCRIPT_PATH = `${ASSETS_PREFIX}/logout.js`;

/** A page's language and its texts. */
export interface PageTexts {
  language: LabelLanguage;
  t: Translate;
}

/**
 * The language of a provider page (issue 16): the first supported tag of the request's
 * `ui_locales` (OIDC Core §3.1.2.1, a space-separated list), else Accept-Language.
 */
export function pageLanguage(
  uiLocales: unknown,
  acceptLanguage: string | undefined,
  log?: (message: string) => void,
): LabelLanguage {
  const tags = typeof uiLocales === 'string' ? uiLocales.split(/\s+/).filter(Boolean) : [];
  const explicit = tags.find((tag) => isLabelLanguage(tag) || matchLanguage(tag) !== null);
  if (tags.length > 0 && explicit === undefined) {
    log?.(`Unsupported locale '${tags.join(' ')}' in ui_locales, using Accept-Language`);
  }
  return chooseLanguage({ explicit, acceptLanguage }, log);
}

/** The texts of a provider page in its language. */
export async function pageTexts(
  db: Queryable,
  uiLocales: unknown,
  acceptLanguage: string | undefined,
  log?: (message: string) => void,
): Promise<PageTexts> {
  const language = pageLanguage(uiLocales, acceptLanguage, log);
  return { language, t: await textsFor(db, language) };
}

interface CardPageProps {
  page: PageTexts;
  /** The page's heading; also the browser title (with " | Portico" unless it names it). */
  title: string;
  script?: string | undefined;
  children: ReactNode;
}

function renderCardPage({ page: { language, t }, title, script, children }: CardPageProps): string {
  return renderPage({
    language,
    title: title.includes('Portico') ? title : t('signin.page-title', { title }),
    stylesheet: STYLESHEET_PATH,
    script,
    mainClass: 'card',
    children: (
      <>
        <h1>{title}</h1>
        {children}
      </>
    ),
  });
}

/** The alert region is always there (empty until an error), so it is announced when filled. */
function ErrorAlert({ id, error }: { id: string; error: string | undefined }) {
  return (
    <div id={id} className="error" role="alert">
      {error && <p>{error}</p>}
    </div>
  );
}

export interface SignInPageOptions {
  /** Where the form posts (the interaction address). */
  action: string;
  /** The e-mail typed before, kept after an error. */
  email?: string;
  error?: string;
}

export function signInPage(
  page: PageTexts,
  { action, email = '', error }: SignInPageOptions,
): string {
  const { t } = page;
  const invalid = error
    ? ({ 'aria-invalid': true, 'aria-describedby': 'sign-in-error' } as const)
    : {};
  // After an error the e-mail is kept, so the cursor goes where the user will type next.
  const focusPassword = !!error && !!email;
  return renderCardPage({
    page,
    title: t('signin.title'),
    children: (
      <>
        <ErrorAlert id="sign-in-error" error={error} />
        <form method="post" action={action} className="form">
          <label htmlFor="email">{t('signin.email')}</label>
          <input
            className="ui-control"
            id="email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={320}
            defaultValue={email}
            {...invalid}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the page's one task is this form
            autoFocus={!focusPassword}
          />
          <label htmlFor="password">{t('signin.password')}</label>
          <input
            className="ui-control"
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1024}
            {...invalid}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- after an error, where the user types next
            autoFocus={focusPassword}
          />
          <button type="submit" className="ui-button">
            {t('signin.submit')}
          </button>
        </form>
      </>
    ),
  });
}

// Stand-ins for the two values a busy page carries; React's escaping leaves them as they are,
// and no text of the catalogue contains them.
const ACTION_SLOT = '\u0000action\u0000';
const EMAIL_SLOT = '\u0000email\u0000';
const busyTemplates = new Map<string, readonly string[]>();

/**
 * The sign-in page with the busy message (503), from the catalogue's texts alone (no query):
 * the page signInPage renders with `catalogTexts(language)` and `t('signin.busy')`, rendered
 * once per language and with or without an e-mail, so a refused attempt under a flood only
 * escapes and splices in its own form address and e-mail (ADR 0042). The splice is the one
 * place sign-in HTML is escaped outside React: escapeHtml escapes as React does, and a test
 * holds the result to signInPage's for every language and hostile input.
 */
export function busyPage(language: LabelLanguage, action: string, email: string): string {
  const key = `${language}${email ? '+' : '-'}`;
  let parts = busyTemplates.get(key);
  if (parts === undefined) {
    const page: PageTexts = { language, t: catalogTexts(language) };
    const html = signInPage(page, {
      action: ACTION_SLOT,
      email: email ? EMAIL_SLOT : '',
      error: page.t('signin.busy'),
    });
    const pieces: string[] = [];
    html.split(ACTION_SLOT).forEach((piece, i) => {
      if (i > 0) pieces.push(ACTION_SLOT);
      piece.split(EMAIL_SLOT).forEach((text, j) => {
        if (j > 0) pieces.push(EMAIL_SLOT);
        pieces.push(text);
      });
    });
    parts = pieces;
    busyTemplates.set(key, parts);
  }
  let html = '';
  for (const part of parts) {
    if (part === ACTION_SLOT) html += escapeHtml(action);
    else if (part === EMAIL_SLOT) html += escapeHtml(email);
    else html += part;
  }
  return html;
}

export function tooManyAttemptsPage(page: PageTexts, action: string): string {
  const { t } = page;
  return renderCardPage({
    page,
    title: t('signin.title'),
    children: (
      <>
        <ErrorAlert id="sign-in-error" error={t('signin.too-many-attempts')} />
        <p>
          <a href={action}>{t('signin.try-again')}</a>
        </p>
      </>
    ),
  });
}

export function messagePage(
  page: PageTexts,
  title: string,
  message: string,
  link: { href: string; text: string },
): string {
  return renderCardPage({
    page,
    title,
    children: (
      <>
        <p role="alert">{message}</p>
        <p>
          <a href={link.href}>{link.text}</a>
        </p>
      </>
    ),
  });
}

/**
 * The provider's end-session form: `<form id="op.logoutForm" method="post" action="…"><input
 * type="hidden" name="xsrf" value="…"/></form>` (oidc-provider, end_session). Its two values
 * are taken out and the form is rendered by React like every other.
 */
function logoutFormValues(form: string): { action: string; xsrf: string } {
  const action = /\baction="([^"]*)"/.exec(form)?.[1];
  const xsrf = /\bname="xsrf"\s+value="([^"]*)"/.exec(form)?.[1];
  if (action === undefined || xsrf === undefined) {
    throw new Error("The provider's end-session form has changed: no action or xsrf value");
  }
  return { action, xsrf };
}

/**
 * The end-session confirmation. `form` is the provider's hidden form (id "op.logoutForm",
 * carrying the xsrf token); the buttons submit it. With `autoSubmit` (a verified
 * id_token_hint from the portal) the same-origin LOGOUT_SCRIPT_PATH presses "Sign out".
 */
export function logoutPage(page: PageTexts, form: string, autoSubmit: boolean): string {
  const { t } = page;
  const { action, xsrf } = logoutFormValues(form);
  return renderCardPage({
    page,
    title: t('logout.title'),
    script: autoSubmit ? LOGOUT_SCRIPT_PATH : undefined,
    children: (
      <>
        <p>{t('logout.question')}</p>
        <form id="op.logoutForm" method="post" action={action}>
          <input type="hidden" name="xsrf" value={xsrf} />
        </form>
        <div className="actions" data-auto-submit={autoSubmit ? 'true' : undefined}>
          <button
            type="submit"
            form="op.logoutForm"
            name="logout"
            value="yes"
            id="logout-yes"
            className="ui-button"
          >
            {t('logout.sign-out')}
          </button>
          <button type="submit" form="op.logoutForm" className="ui-button ui-button--secondary">
            {t('logout.stay')}
          </button>
        </div>
      </>
    ),
  });
}

export function loggedOutPage(page: PageTexts, homeUrl: string): string {
  const { t } = page;
  return messagePage(page, t('logout.done.title'), t('logout.done'), {
    href: homeUrl,
    text: t('logout.sign-in-again'),
  });
}

export const LOGOUT_SCRIPT = `document.addEventListener('DOMContentLoaded', function () {
  var actions = document.querySelector('[data-auto-submit="true"]');
  var yes = document.getElementById('logout-yes');
  var form = document.getElementById('op.logoutForm');
  if (actions && yes && form) form.requestSubmit ? form.requestSubmit(yes) : yes.click();
});
`;

/** The provider pages' style sheet (and the pages of mail links), after the shared tokens. */
export const STYLESHEET = readFileSync(
  fileURLToPath(new URL('./assets/sign-in.css', import.meta.url)),
  'utf8',
);
