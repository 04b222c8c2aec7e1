// The look of every page shown before or without a sign-in (sign-in, consent, the signed-out
// pages, the dev outbox): one style sheet, served with the provider's assets by modules/oidc.
// Here, in the base module, so those pages' modules need not import each other for it.
export const SIGN_IN_ASSETS_PREFIX = '/oidc/assets';
export const SIGN_IN_STYLESHEET_PATH = `${SIGN_IN_ASSETS_PREFIX}/sign-in.css`;
