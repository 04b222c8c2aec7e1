import { PSEUDO_LANGUAGE } from '@portico/locales';
import { getConfig } from '../../config/runtime-config.js';
import { paths, routePaths } from '../../config/paths.js';
import { previewLanguage } from '../labels/preview-language.js';
import { knownLanguage } from '../labels/remembered-language.js';
import { session } from '../storage/storage.js';
import { browserRedirect } from './browser-redirect.js';
import { takeIdleReturnPath } from './idle.js';
import { forgetProviderMetadata, pkceChallenge, providerMetadata, randomToken } from './oidc.js';
import { safeReturnPath } from './safe-redirect.js';
import { encodeState } from './state.js';
import { clearTokens, getAccessToken, getIdToken } from './tokens.js';

/**
 * The session (§4): authorised while an access token is in local storage. Sign-in is
 * OpenID Connect with the configured response type: 'code' (authorisation code + PKCE, the
 * default, RFC 9700) or 'id_token token' (the implicit flow the spec describes); see
 * docs/decisions/0002-sign-in-flows.md.
 */
export { getAccessToken, getIdToken, clearTokens };

/** sessionStorage keys for what the callback needs to check the answer. */
export const NONCE_KEY = 'portico.auth.nonce';
export const CODE_VERIFIER_KEY = 'portico.auth.code_verifier';

const DEFAULT_SCOPE = 'openid profile email';

/**
 * The server's first paint (ADR 0075) renders only for a user whose token it has checked: in
 * the server's copy of the app, every render is a signed-in one.
 */
let renderingOnServer = false;

export function renderAsSignedInOnServer(): void {
  renderingOnServer = true;
}

export function isAuthorised(): boolean {
  return renderingOnServer || getAccessToken() !== null;
}

/** The redirect_uri registered for this app: the state-redirect callback on this origin. */
export function callbackUrl(): string {
  return `${window.location.origin}${paths.stateRedirect()}`;
}

/** Forget what a sign-in attempt left behind for its callback. */
export function clearPendingSignIn(): void {
  session.remove(NONCE_KEY);
  session.remove(CODE_VERIFIER_KEY);
}

// Paths that must never be the destination after sign-in: they would start it over.
const NON_RETURNABLE = [
  routePaths.login,
  routePaths.logout,
  routePaths.stateRedirect,
  routePaths.identityRefused,
];

function returnPath(returnUrl: string | undefined): string {
  const path = safeReturnPath(returnUrl);
  const pathname = path.split(/[?#]/, 1)[0] ?? '/';
  return NON_RETURNABLE.some((p) => pathname === p || pathname.startsWith(`${p}/`)) ? '/' : path;
}

/** Where the root leads a signed-out visitor: no place of their own choosing. */
const LANDING_PATHS: readonly string[] = ['/', routePaths.home, routePaths.news];

async function startLogin(requested: string | undefined): Promise<void> {
  clearTokens();
  clearPendingSignIn();
  // After an idle sign-out the provider sends the user to the root, which leads to the news
  // page; the next sign-in brings them back to where they were instead (issue 11). A deep link
  // anywhere else still wins.
  const remembered = takeIdleReturnPath();
  const returnUrl =
    remembered !== null && LANDING_PATHS.includes(returnPath(requested)) ? remembered : requested;
  const { auth } = getConfig();
  const provider = await providerMetadata();

  const nonce = randomToken();
  session.set(NONCE_KEY, nonce);
  const params = new URLSearchParams({
    client_id: auth.clientId,
    redirect_uri: callbackUrl(),
    response_type: auth.responseType,
    scope: auth.scope.trim() || DEFAULT_SCOPE,
    state: encodeState(returnPath(returnUrl)),
    nonce,
  });
  // The provider's sign-in page in the language the portal knows the user by (issue 16): a
  // preview, or the last profile's language. A first visit (and the pseudo-locale, which is
  // for translators only) sends none, so the browser's Accept-Language decides.
  const preview = previewLanguage();
  const language = preview !== null && preview !== PSEUDO_LANGUAGE ? preview : knownLanguage();
  if (language !== null) params.set('ui_locales', language);
  if (auth.responseType === 'code') {
    const verifier = randomToken();
    session.set(CODE_VERIFIER_KEY, verifier);
    params.set('code_challenge', await pkceChallenge(verifier));
    params.set('code_challenge_method', 'S256');
  } else {
    params.set('response_mode', 'fragment');
  }
  const target = new URL(provider.authorization_endpoint, window.location.origin);
  for (const [key, value] of params) target.searchParams.set(key, value);
  browserRedirect.to(target.href);
}

// One login attempt at a time (§4): later calls join the running one. The lock is held until
// the page is left; coming back through the back/forward cache releases it.
let attempt: Promise<void> | null = null;
// Set by logout(): the page is on its way to the provider's sign-out. A 401 meanwhile (a poll
// or a stream's reconnect that raced the cleared tokens) must not start a sign-in, which the
// provider's still-open session would answer at once and sign the user back in.
let signingOut = false;

/** Tests: a new page, as after the back/forward cache (the unit tests share one module graph). */
export function resetSessionForTests(): void {
  attempt = null;
  signingOut = false;
  forgetProviderMetadata();
}

if (typeof window !== 'undefined') {
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) {
      attempt = null;
      signingOut = false;
    }
  });
}

/**
 * Starts sign-in: clears both stored tokens and sends the browser to the provider's
 * authorisation endpoint. returnUrl (an in-app path with its query) is where the callback
 * sends the user afterwards; anything but a same-origin path becomes '/'.
 */
export function login(returnUrl?: string): Promise<void> {
  if (signingOut) return Promise.resolve();
  attempt ??= startLogin(returnUrl).catch((error: unknown) => {
    attempt = null;
    throw error;
  });
  return attempt;
}

/**
 * Ends the built-in support desk's session of this browser (ADR 0005, addendum): its cookie
 * is HttpOnly and scoped to the desk's path, so only a request there can end it. An external
 * desk (another origin) has no session of ours. A failure does not stop the sign-out.
 */
async function endDeskSession(): Promise<void> {
  const desk = URL.parse(getConfig().supportFrameBase, window.location.origin);
  if (desk?.origin !== window.location.origin) return;
  try {
    await fetch(`${desk.origin}${desk.pathname.replace(/\/$/, '')}/sign-out`, {
      method: 'POST',
      credentials: 'same-origin',
      signal: AbortSignal.timeout(3000),
    });
  } catch (error) {
    console.warn('The support desk session could not be ended', error);
  }
}

/**
 * Signs out: clears both tokens and ends the provider session through its end-session
 * endpoint (id_token_hint, post_logout_redirect_uri = this origin's root). Without such an
 * endpoint the browser simply goes to the root.
 */
export async function logout(): Promise<void> {
  signingOut = true;
  const idToken = getIdToken();
  clearTokens();
  clearPendingSignIn();
  await endDeskSession();
  const home = `${window.location.origin}/`;
  let endSession: string | undefined;
  try {
    endSession = (await providerMetadata()).end_session_endpoint;
  } catch (error) {
    console.error('Sign-out could not reach the identity provider', error);
  }
  if (!endSession) {
    browserRedirect.to(home);
    return;
  }
  const target = new URL(endSession, window.location.origin);
  if (idToken) target.searchParams.set('id_token_hint', idToken);
  target.searchParams.set('client_id', getConfig().auth.clientId);
  target.searchParams.set('post_logout_redirect_uri', home);
  browserRedirect.to(target.href);
}
