import { ownSettingsSchema } from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { NotFoundError } from '../../lib/errors.js';
import { bearerErrors, noContent, withHeaders } from '../../lib/route-schemas.js';
import { etagOf } from '../../lib/versioned.js';
import { signOutEverywhere } from '../user-management/index.js';
import { getOwnSettings } from './users.service.js';

const tags = ['users'];

/**
 * My settings (issue 12): the caller's own editable fields (changed with PUT /api/users/me)
 * and "Sign out everywhere".
 */
export const mySettingsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/users/me/settings',
    {
      schema: {
        operationId: 'getMySettings',
        summary: "The caller's own settings",
        description:
          'Name, phone, mobile, language and time zone (editable with PUT /api/users/me and If-Match), e-mail and account (read-only).',
        tags,
        response: {
          200: withHeaders(ownSettingsSchema, "The caller's settings.", {
            ETag: {
              description: 'The version; send it as If-Match with PUT /api/users/me.',
              schema: { type: 'string' },
            },
          }),
          ...bearerErrors(404),
        },
      },
    },
    async (request, reply) => {
      const settings = await getOwnSettings(app.db, callerIdOf(request));
      return reply
        .header('cache-control', 'private, no-store')
        .header('etag', etagOf(settings.version))
        .send(settings);
    },
  );

  app.post(
    '/api/users/me/sign-out-everywhere',
    {
      schema: {
        operationId: 'signOutEverywhere',
        summary: 'Sign the caller out everywhere',
        description:
          "Revokes every token and grant of the caller (ADR 0027): tokens issued until now stop working on every device, and the sign-in provider's sessions and grants of the caller are deleted.",
        tags,
        response: { 204: noContent('Signed out everywhere.'), ...bearerErrors(404) },
      },
    },
    async (request, reply) => {
      const found = await signOutEverywhere(app.db, callerIdOf(request));
      if (!found) throw new NotFoundError('Your user profile was not found.');
      return reply.code(204).send(null);
    },
  );
  done();
};
