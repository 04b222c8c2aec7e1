export * from './languages.js';
export * from './plurals.js';
export * from './pseudo.js';
