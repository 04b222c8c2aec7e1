import {
  administratorsSchema,
  billingPlatformRolesSchema,
  grantablePermissionsSchema,
  learningRolesQuerySchema,
  learningRolesSchema,
  userAccountQuerySchema,
  userProductsSchema,
  userProfilesSchema,
} from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { callerIdOf } from '../../lib/caller.js';
import { privateNoStore } from '../../lib/reply.js';
import { readSchema } from '../../lib/route-schemas.js';
import {
  type Admin,
  resolveAdmin,
  accountProducts,
  administratorsOf,
  learningRolesOfEdited,
} from './user-management.service.js';
import { billingPlatformRoles, grantablePermissions, userProfilesFor } from './user-options.js';

const tags = ['users'];
/**
 * The user form's choices (§7 "user profiles, billing platform roles, learning roles"; §6):
 * what the administrator of the account may give, for the list and the form.
 */
export const userOptionsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const admin = (request: FastifyRequest, accountId: string | undefined) =>
    resolveAdmin(app.db, callerIdOf(request), accountId);

  /**
   * One of the form's choices for the administered account (`accountId`): the same query,
   * errors and, unless the choice is the same for everyone, private caching.
   */
  const formChoice = (
    path: string,
    route: {
      operationId: string;
      summary: string;
      description?: string;
      response: ZodType;
      /** The same for every caller (no private cache header). */
      shared?: boolean;
      read: (admin: Admin) => unknown;
    },
  ) => {
    const { read, shared, ...doc } = route;
    const querystring = userAccountQuerySchema;
    app.get(
      path,
      { schema: readSchema({ ...doc, tags, querystring, errors: [400, 403, 404] }) },
      async (request, reply) => {
        const a = await admin(request, request.query.accountId);
        if (!shared) privateNoStore(reply);
        return read(a);
      },
    );
  };

  // The form's choices (§7): profiles (roles), products, billing-platform roles, learning
  // roles of the account's level (§6), administrators of the account.
  formChoice('/api/users/profiles', {
    operationId: 'listUserProfiles',
    summary: 'The user profiles (roles) the caller may give',
    description:
      'Each role whose permissions the caller holds, with those permissions (ADR 0056). A user keeps a role the caller may not give; giving it is a 400.',
    response: userProfilesSchema.describe('Each role with the permissions it grants.'),
    read: (a) => userProfilesFor(a.caller),
  });
  formChoice('/api/users/permissions', {
    operationId: 'listGrantablePermissions',
    summary: 'The permissions the caller may give beside the role',
    description:
      'PARTNER, SALES, DOCEBO, DOCEBO_PARTNER and INVOICES, as far as the caller holds them (ADR 0056): never more than the administrator has. Giving another is a 400.',
    response: grantablePermissionsSchema.describe('The permissions, with English names.'),
    read: (a) => grantablePermissions(a.caller),
  });
  formChoice('/api/users/billing-platform-roles', {
    operationId: 'listBillingPlatformRoles',
    summary: 'The billing-platform roles of the form',
    response: billingPlatformRolesSchema.describe('The roles.'),
    shared: true,
    read: () => billingPlatformRoles,
  });
  formChoice('/api/users/products', {
    operationId: 'listUserFormProducts',
    summary: 'The account’s products a user may be connected to',
    description:
      'The products the administered account’s users are connected to, by name (ADR 0056); a user form sends their ids as productIds. Another product is a 400.',
    response: userProductsSchema.describe('The account’s products, by name.'),
    read: (a) => accountProducts(app.db, a),
  });
  app.get(
    '/api/users/learning-roles',
    {
      schema: readSchema({
        operationId: 'listLearningRoles',
        summary: 'The learning roles a user may be given',
        description:
          '§6: only the roles whose levels include the level of the user being edited (userId), or of a new user of the account; none for vendor employees.',
        tags,
        querystring: learningRolesQuerySchema,
        response: learningRolesSchema.describe('The learning roles offered.'),
        errors: [400, 403, 404],
      }),
    },
    async (request) => {
      const a = await admin(request, request.query.accountId);
      return learningRolesOfEdited(app.db, a, request.query.userId);
    },
  );
  formChoice('/api/users/administrators', {
    operationId: 'listAccountAdministrators',
    summary: 'The administrators of the account',
    response: administratorsSchema.describe('The users with USERMANAGEMENT.'),
    read: async (a) => administratorsSchema.parse(await administratorsOf(app.db, a)),
  });

  done();
};
