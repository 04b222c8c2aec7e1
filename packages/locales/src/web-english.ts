import webEn from '../catalog/web/en.json' with { type: 'json' };

/**
 * The web app's English labels, every one (generated from the defaults in code by
 * `npm run labels:extract`, and checked against them). For server code that must know an
 * English default without importing the module that registers it.
 */
export const WEB_ENGLISH: Readonly<Record<string, string>> = webEn;
