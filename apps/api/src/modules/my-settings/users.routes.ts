import {
  countriesAndLanguagesSchema,
  makeOwnProfileInputSchema,
  userProfileSchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { bearerErrors, bodyValidatedByService, withHeaders } from '../../lib/route-schemas.js';
import { countriesAndLanguages } from './countries-and-languages.js';
import { etagOf } from '../../lib/versioned.js';
import { ownVersion, updateOwnProfile } from '../user-management/index.js';
import { getOwnProfile } from './users.service.js';

const tags = ['users'];

/**
 * `GET /api/users/me`: the caller's §3 profile, loaded by the token's subject, and `PUT` of its
 * own fields; countries and languages.
 */
export const usersRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/users/me',
    {
      schema: {
        operationId: 'getMyProfile',
        summary: "The caller's profile",
        tags,
        response: {
          200: userProfileSchema.describe("The profile of the token's subject (§3)."),
          ...bearerErrors(404),
        },
      },
    },
    async (request, reply) => {
      const profile = await getOwnProfile(app.db, callerIdOf(request));
      // Personal data: never in a shared cache.
      reply.header('cache-control', 'private, no-store');
      const version = await ownVersion(app.db, profile.id);
      if (version !== undefined) reply.header('etag', etagOf(version));
      return profile;
    },
  );

  // Issue 15: the caller's own fields, with If-Match like every user write.
  app.put(
    '/api/users/me',
    {
      // The service validates the form (§5 field messages); the schema documents it.
      validatorCompiler: bodyValidatedByService,
      schema: {
        operationId: 'updateMyProfile',
        summary: "Change the caller's own profile",
        description:
          'Needs If-Match with the ETag of GET /api/users/me. Not the e-mail address, roles or status.',
        tags,
        body: makeOwnProfileInputSchema().describe(
          "The caller's own fields. An invalid form is a 400 with the §5 headline as message and one message per field in fieldErrors; the phone numbers follow the rule the server is configured with (E.164 by default).",
        ),
        response: {
          200: withHeaders(userProfileSchema, 'The changed profile (§3).', {
            ETag: {
              description: 'The new version; send it as If-Match with the next change.',
              schema: { type: 'string' },
            },
          }),
          ...bearerErrors(400, 404, 412, 428),
        },
      },
    },
    async (request, reply) => {
      const callerId = callerIdOf(request);
      const version = await updateOwnProfile(
        { db: app.db, jobs: app.jobs, phonePattern: app.env.PHONE_PATTERN },
        callerId,
        request.headers['if-match'],
        request.body, // as it arrived: the service validates it
      );
      const profile = await getOwnProfile(app.db, callerId);
      return reply
        .header('cache-control', 'private, no-store')
        .header('etag', etagOf(version))
        .send(profile);
    },
  );

  // §3 country and language entries, named in the caller's language.
  app.get(
    '/api/users/countries-and-languages',
    {
      schema: {
        operationId: 'listCountriesAndLanguages',
        summary: 'Countries and languages',
        tags,
        response: {
          200: countriesAndLanguagesSchema.describe(
            "Entries keyed like language_COUNTRY (e.g. en_GB), named in the caller's language.",
          ),
          ...bearerErrors(404),
        },
      },
    },
    async (request) => {
      const profile = await getOwnProfile(app.db, callerIdOf(request));
      return countriesAndLanguages(profile.language);
    },
  );
  done();
};
