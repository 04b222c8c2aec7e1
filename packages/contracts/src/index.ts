// Public boundary of the contracts package: one zod schema per contract, used by api and web.
export * from './account.js';
export * from './config.js';
export * from './content.js';
export * from './errors.js';
export * from './news.js';
export * from './search.js';
export * from './support.js';
export * from './text.js';
export * from './user.js';
export * from './user-management.js';
