// Server-rendered pages of the embedded provider. They carry no inline script or style, so they
// work under the strict Content-Security-Policy (script-src 'self'): styles come from
// STYLESHEET_PATH and the only script (LOGOUT_SCRIPT_PATH) is a same-origin file.

export const ASSETS_PREFIX = '/oidc/assets';
export const STYLESHEET_PATH = `${ASSETS_PREFIX}/sign-in.css`;
export const LOGOUT_SCRIPT_PATH = `${ASSETS_PREFIX}/logout.js`;

export const texts = {
  signInTitle: 'Sign in to Portico',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  invalidCredentials: 'The email or password is incorrect.',
  missingCredentials: 'Enter your email and password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  busy: 'Sign-in is very busy right now. Please wait a few seconds and try again.',
  tryAgain: 'Try again',
  expiredTitle: 'Your sign-in has expired',
  expired: 'This sign-in page is no longer valid. Please go back to the portal and sign in again.',
  backToPortal: 'Back to the portal',
  errorTitle: 'Sign-in failed',
  errorMessage:
    'Something went wrong while signing you in. Please go back to the portal and try again.',
  logoutTitle: 'Sign out of Portico?',
  logoutQuestion: 'Do you want to sign out of Portico?',
  signOut: 'Sign out',
  staySignedIn: 'Stay signed in',
  loggedOutTitle: 'You are signed out',
  loggedOut: 'You have been signed out of Portico.',
  signInAgain: 'Sign in again',
} as const;

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(title: string, body: string, script?: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title.includes('Portico') ? title : `${title} | Portico`)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${script ? `<script src="${script}" defer></script>\n` : ''}</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>
`;
}

export interface SignInPageOptions {
  /** Where the form posts (the interaction address). */
  action: string;
  /** The e-mail typed before, kept after an error. */
  email?: string;
  error?: string;
}

export function signInPage({ action, email = '', error }: SignInPageOptions): string {
  const invalid = error ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
  // After an error the e-mail is kept, so the cursor goes where the user will type next.
  const focusEmail = error && email ? '' : ' autofocus';
  const focusPassword = error && email ? ' autofocus' : '';
  return layout(
    texts.signInTitle,
    `<h1>${texts.signInTitle}</h1>
<div id="sign-in-error" class="error" role="alert">${error ? `<p>${escapeHtml(error)}</p>` : ''}</div>
<form method="post" action="${escapeHtml(action)}" class="form">
<label for="email">${texts.email}</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="320" value="${escapeHtml(email)}"${invalid}${focusEmail}>
<label for="password">${texts.password}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${invalid}${focusPassword}>
<button type="submit">${texts.signIn}</button>
</form>`,
  );
}

export function tooManyAttemptsPage(action: string): string {
  return layout(
    texts.signInTitle,
    `<h1>${texts.signInTitle}</h1>
<div id="sign-in-error" class="error" role="alert"><p>${texts.tooManyAttempts}</p></div>
<p><a href="${escapeHtml(action)}">${texts.tryAgain}</a></p>`,
  );
}

export function messagePage(
  title: string,
  message: string,
  link: { href: string; text: string },
): string {
  return layout(
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
export function logoutPage(form: string, autoSubmit: boolean): string {
  return layout(
    texts.logoutTitle,
    `<h1>${texts.logoutTitle}</h1>
<p>${texts.logoutQuestion}</p>
${form}
<div class="actions"${autoSubmit ? ' data-auto-submit="true"' : ''}>
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout-yes">${texts.signOut}</button>
<button type="submit" form="op.logoutForm" class="secondary">${texts.staySignedIn}</button>
</div>`,
    autoSubmit ? LOGOUT_SCRIPT_PATH : undefined,
  );
}

export function loggedOutPage(homeUrl: string): string {
  return messagePage(texts.loggedOutTitle, texts.loggedOut, {
    href: homeUrl,
    text: texts.signInAgain,
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
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.error:empty{display:none}
.error{color:#991b1b;background:#fef2f2;border:1px solid #fecaca;border-radius:.375rem;padding:.5rem .75rem;margin-bottom:1rem}
.error p{margin:0}
.actions{display:flex;gap:.5rem;flex-wrap:wrap}
a{color:#1d4ed8}
:root{color-scheme:light dark}
@media (prefers-color-scheme:dark){
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
