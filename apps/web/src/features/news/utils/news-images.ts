/** §9: the default news image is the logo (served by the API outside /api, no token needed). */
export const DEFAULT_NEWS_IMAGE = '/media/logo.svg';

/**
 * §9 breakpoints for the responsive header image: small up to 768 px, medium 769–1024 px,
 * large above.
 */
export const SMALL_MAX_WIDTH = 768;
export const MEDIUM_MAX_WIDTH = 1024;
