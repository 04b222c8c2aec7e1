// modules/my-settings (§2 my-settings): the caller's own profile and settings, news
// subscriptions, their e-mail delivery and the one-click unsubscribe.
import type { FastifyInstance } from 'fastify';
import { rootPlugin } from '../../lib/root-plugin.js';
import { subscriptionsRoutes } from './subscriptions.routes.js';
import { unsubscribeRoutes } from './unsubscribe.routes.js';
import { usersRoutes } from './users.routes.js';

/** /api/users/me*, /api/subscriptions and the signed-out /unsubscribe page (issue 12). */
export const mySettingsModule = rootPlugin('portico-my-settings', async (app: FastifyInstance) => {
  await app.register(usersRoutes); // /api/users/me*: profile, settings, sign out everywhere
  await app.register(subscriptionsRoutes); // /api/subscriptions
  await app.register(unsubscribeRoutes); // one-click /unsubscribe, signed out
});

// The caller's profile (the first paint shows it).
export { getOwnProfile } from './users.service.js';
// The subscription mails' jobs (plugins/jobs) and the unsubscribe key sealed at start-up.
export { defineSubscriptionJobs } from './subscriptions.jobs.js';
export { recordNewsMailFailure } from './news-delivery.js';
export { signUnsubscribeToken, unsubscribeKey } from './unsubscribe-token.js';
// Other modules' mail with a one-click unsubscribe (saved searches, issue 38).
export { unsubscribeHeaders, unsubscribeUrl } from './news-delivery.js';
export { registerUnsubscribeScope } from './unsubscribe-scopes.js';
