// modules/shared (§7): the shared header, footer and sprite, and the look of the pages shown
// signed out. The base module: it imports no other module.
import { sharedRoutes } from './shared.routes.js';

/** /shared/* (header, footer, sprite for other portals). */
export const sharedModule = sharedRoutes;

export { renderFooter } from './footer-template.js';
export { renderHeader } from './header-template.js';
export { loadSprite, type Sprite } from './sprite.js';
export { cookieValue, readUserCookie, type HeaderUser } from './user-cookie.js';
export { sendSignedOutPage, signedOutPage, type SignedOutPage } from './signed-out-page.js';
export { SIGN_IN_ASSETS_PREFIX, SIGN_IN_STYLESHEET_PATH } from './sign-in-style.js';
