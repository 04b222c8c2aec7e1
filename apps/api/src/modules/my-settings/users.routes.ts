import {
  countriesAndLanguagesSchema,
  makeOwnProfileInputSchema,
  ownSettingsSchema,
  userProfileSchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { NotFoundError } from '../../lib/errors.js';
import {
  bearerErrors,
  bodyValidatedByService,
  noContent,
  withHeaders,
} from '../../lib/route-schemas.js';
import { countriesAndLanguages } from './countries-and-languages.js';
import { etagOf } from '../../lib/versioned.js';
import { ownVersion, signOutEverywhere, updateOwnProfile } from '../user-management/index.js';
import { getOwnProfile, getOwnSettings } from './users.service.js';
import { privateNoStore } from '../../lib/reply.js';

const tags = ['users'];

/**
 * `GET /api/users/me`: the caller's §3 profile, loaded by the token's subject, and `PUT` of its
 * own fields; countries and languages; My settings (issue 12): the caller's own editable
 * fields (changed with PUT /api/users/me) and "Sign out everywhere".
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
      privateNoStore(reply);
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
      return privateNoStore(reply).header('etag', etagOf(version)).send(profile);
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
      return privateNoStore(reply).header('etag', etagOf(settings.version)).send(settings);
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
