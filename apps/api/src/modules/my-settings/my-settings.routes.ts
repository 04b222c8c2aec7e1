import { ownSettingsSchema, type OwnSettings } from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { NotFoundError } from '../../lib/errors.js';
import { bearerErrors, noContent, withHeaders } from '../../lib/route-schemas.js';
import { canonicalTimeZone } from '../../lib/i18n/time-zones.js';
import { deleteProviderState } from '../user-management/user-management.repository.js';
import { etagOf } from '../user-management/user-management.service.js';

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
      const { rows } = await app.db.query<{
        email: string;
        account_name: string;
        first_name: string;
        last_name: string;
        phone: string;
        mobile: string;
        language: string;
        time_zone: string;
        version: number;
      }>(
        `select u.email, a.name as account_name, u.first_name, u.last_name, u.phone, u.mobile,
                u.language, u.time_zone, u.version
           from users u join accounts a on a.id = u.account_id where u.id = $1`,
        [callerIdOf(request)],
      );
      const row = rows[0];
      if (!row) throw new NotFoundError('Your user profile was not found.');
      const settings: OwnSettings = {
        email: row.email,
        accountName: row.account_name,
        firstName: row.first_name,
        lastName: row.last_name,
        phone: row.phone,
        mobile: row.mobile,
        language: row.language,
        timeZone: canonicalTimeZone(row.time_zone),
        version: row.version,
      };
      return reply
        .header('cache-control', 'private, no-store')
        .header('etag', etagOf(row.version))
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
      const userId = callerIdOf(request);
      const found = await app.db.transaction(async (tx) => {
        const { rows } = await tx.query(
          `update users set tokens_valid_after = now() where id = $1 returning id`,
          [userId],
        );
        if (rows.length === 0) return false;
        await deleteProviderState(tx, userId);
        return true;
      });
      if (!found) throw new NotFoundError('Your user profile was not found.');
      return reply.code(204).send(null);
    },
  );
  done();
};
