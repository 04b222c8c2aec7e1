// Public boundary of the contracts package: one zod schema per contract, used by api and web.
export * from './account.js';
export * from './cloud.js';
export * from './config.js';
export * from './content.js';
export * from './errors.js';
export * from './html-policy.js';
export * from './invoices.js';
export * from './news.js';
export * from './partner.js';
export * from './query-values.js';
export * from './search.js';
export * from './support.js';
export * from './text.js';
export * from './user.js';
export * from './user-management.js';
export * from './my-solutions.js';
