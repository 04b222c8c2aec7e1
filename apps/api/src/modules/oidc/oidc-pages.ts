// Server-rendered pages of the embedded provider. They carry no inline script or style, so they
// work under the strict Content-Security-Policy (script-src 'self'): styles come from
// STYLESHEET_PATH and the only script (LOGOUT_SCRIPT_PATH) is a same-origin file.

import { isLabelLanguage, matchLanguage, type LabelLanguage } from '@portico/locales';
import type { Queryable } from '../../db/db.js';
import { escapeHtml, htmlPage } from '../../lib/html.js';
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

function layout({ language, t }: PageTexts, title: string, body: string, script?: string): string {
  return htmlPage({
    language,
    title: title.includes('Portico') ? title : t('signin.page-title', { title }),
    ...{ stylesheet: STYLESHEET_PATH, script, mainClass: 'card', main: body },
  });
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
  const invalid = error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
  // After an error the e-mail is kept, so the cursor goes where the user will type next.
  const focusEmail = error && email ? '' : ' autofocus';
  const focusPassword = error && email ? ' autofocus' : '';
  return layout(
    page,
    t('signin.title'),
    `<h1>${escapeHtml(t('signin.title'))}</h1>
<div id="sign-in-error" class="error" role="alert">${error ? `<p>${escapeHtml(error)}</p>` : ''}</div>
<form method="post" action="${escapeHtml(action)}" class="form">
<label for="email">${escapeHtml(t('signin.email'))}</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="320" value="${escapeHtml(email)}"${invalid}${focusEmail}>
<label for="password">${escapeHtml(t('signin.password'))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${invalid}${focusPassword}>
<button type="submit">${escapeHtml(t('signin.submit'))}</button>
</form>`,
  );
}

// Stand-ins for the two values a busy page carries; escapeHtml leaves them as they are, and
// no text of the catalogue contains them.
const ACTION_SLOT = '\u0000action\u0000';
const EMAIL_SLOT = '\u0000email\u0000';
const busyTemplates = new Map<string, readonly string[]>();

/**
 * The sign-in page with the busy message (503), from the catalogue's texts alone (no query):
 * the page signInPage renders with `catalogTexts(language)` and `t('signin.busy')`, rendered
 * once per language and with or without an e-mail, so a refused attempt under a flood only
 * escapes and splices in its own form address and e-mail (ADR 0042).
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
  return layout(
    page,
    t('signin.title'),
    `<h1>${escapeHtml(t('signin.title'))}</h1>
<div id="sign-in-error" class="error" role="alert"><p>${escapeHtml(t('signin.too-many-attempts'))}</p></div>
<p><a href="${escapeHtml(action)}">${escapeHtml(t('signin.try-again'))}</a></p>`,
  );
}

export function messagePage(
  page: PageTexts,
  title: string,
  message: string,
  link: { href: string; text: string },
): string {
  return layout(
    page,
    title,
    `<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}

/**
 * The end-session confirmation. `form` is the provider's hidden form (id "op.logoutForm",
 * carrying the xsrf token); the buttons submit it. With `autoSubmit` (a verified
 * id_token_hint from the portal) the same-origin LOGOUT_SCRIPT_PATH presses "Sign out".
 */
export function logoutPage(page: PageTexts, form: string, autoSubmit: boolean): string {
  const { t } = page;
  return layout(
    page,
    t('logout.title'),
    `<h1>${escapeHtml(t('logout.title'))}</h1>
<p>${escapeHtml(t('logout.question'))}</p>
${form}
<div class="actions"${autoSubmit ? ' data-auto-submit="true"' : ''}>
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout-yes">${escapeHtml(t('logout.sign-out'))}</button>
<button type="submit" form="op.logoutForm" class="secondary">${escapeHtml(t('logout.stay'))}</button>
</div>`,
    autoSubmit ? LOGOUT_SCRIPT_PATH : undefined,
  );
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

export const STYLESHEET = `*,*::before,*::after{box-sizing:border-box}
html{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f3f5f8}
body{margin:0;min-height:100vh;display:flex;align-items:flex-start;justify-content:center;padding:4rem 1rem}
.card{width:100%;max-width:24rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 3px rgba(0,0,0,.15);padding:2rem}
h1{font-size:1.5rem;margin:0 0 1.5rem}
.form{display:flex;flex-direction:column;gap:.5rem}
label{font-weight:600}
input{font:inherit;padding:.625rem .75rem;border:1px solid #6b7280;border-radius:.375rem;margin-bottom:.75rem}
input[aria-invalid="true"]{border-color:#b91c1c}
button{font:inherit;font-weight:600;padding:.625rem 1rem;border:0;border-radius:.375rem;background:#1d4ed8;color:#fff;cursor:pointer}
button:hover{background:#1e40af}
button.secondary{background:#e5e7eb;color:#1b1f24}
button.secondary:hover{background:#d1d5db}
:focus-visible{outline:var(--portico-focus-ring-width) solid var(--portico-focus-ring);outline-offset:var(--portico-focus-ring-offset)}
.error:empty{display:none}
.error{color:#991b1b;background:#fef2f2;border:1px solid #fecaca;border-radius:.375rem;padding:.5rem .75rem;margin-bottom:1rem}
.error p{margin:0}
.actions{display:flex;gap:.5rem;flex-wrap:wrap}
a{color:#1d4ed8}
/* The portal's one focus ring (issue 37, apps/web theme.css): the same tokens and values. */
:root{color-scheme:light dark;--portico-focus-ring:#0b5cad;--portico-focus-ring-width:3px;--portico-focus-ring-offset:2px}
@media (prefers-color-scheme:dark){
:root{--portico-focus-ring:#8cc4ff}
html{color:#e6e9ed;background:#121417}
.card{background:#1b1e23;box-shadow:0 0 0 1px #3a4048}
input{background:#121417;color:#e6e9ed;border-color:#8f98a3}
input[aria-invalid="true"]{border-color:#ffb4ab}
button{background:#7ab7ff;color:#0b1a2b}
button:hover{background:#a8d0ff}
button.secondary{background:#2d323a;color:#e6e9ed}
button.secondary:hover{background:#3a4048}
.error{color:#ffb4ab;background:#3d1a17;border-color:#7a2e29}
a{color:#8cc4ff}
}
`;
