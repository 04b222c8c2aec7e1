// modules/user-management (§2, §3, §5, §6): the user list, a user's form and change history,
// invitations, and the token rule of ADR 0027. Other modules and plugins use only what this
// file exports (lint: scripts/eslint/layer-zones.mjs).
import type { FastifyInstance } from 'fastify';
import { rootPlugin } from '../../lib/root-plugin.js';
import { invitationRoutes } from './invitation.routes.js';
import { userManagementRoutes } from './user-management.routes.js';
import { userOptionsRoutes } from './user-options.routes.js';

/** /api/users list, CRUD and invitations (issue 15), the form's choices, /invitation/:token. */
export const userManagementModule = rootPlugin(
  'portico-user-management',
  async (app: FastifyInstance) => {
    await app.register(userManagementRoutes);
    await app.register(userOptionsRoutes); // /api/users/profiles, products, …: the form's choices
    await app.register(invitationRoutes); // the one-time invitation link /invitation/:token
  },
);

// The caller's own profile (served by modules/my-settings).
export { ownVersion, signOutEverywhere, updateOwnProfile } from './own-profile.service.js';
// The token rule (plugins/auth, the notification streams, the support desk).
export {
  linkedUserId,
  readTokenState,
  recordSignIn,
  tokenState,
  tokenStateOf,
  type IssuedAt,
  type TokenStateReader,
} from './token-rule.js';
// The invitation mail job (plugins/jobs).
export { defineInvitationJob } from './invitations.service.js';
