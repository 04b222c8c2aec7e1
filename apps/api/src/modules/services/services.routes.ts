import {
  supportCasesCsvSchema,
  supportFrameTokenSchema,
  supportPortalListSchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { keyEncryptionKeySource } from '../../lib/key-encryption.js';
import { bearerErrors, fileResponse } from '../../lib/route-schemas.js';
import { DESK_PREFIX } from './desk-pages.js';
import { deskKeys, FRAME_TOKEN_SECONDS } from './desk-session.js';
import { casesCsv, deskCallerOf, supportPortals } from './services.service.js';

import { deskPagesRoutes } from './desk-pages.routes.js';
import { sendFile } from '../../lib/reply.js';

const tags = ['support'];

/**
 * Support routes of the API (bearer): the frame token for the desk frames, the CSV of all
 * cases (§5, §7) and the portals (§7 GET portals); and the desk pages themselves under
 * /support-desk (desk-pages.routes.ts).
 */
export const servicesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const keys = deskKeys(app.db, keyEncryptionKeySource(app.env));

  app.get(
    '/api/support/frame-token',
    {
      schema: {
        operationId: 'getSupportFrameToken',
        summary: 'A token for the built-in support desk frames',
        description:
          'Appended as `t` to a built-in support desk address, it starts a desk session (docs/decisions/0005).',
        tags,
        response: {
          200: supportFrameTokenSchema.describe('The token and its lifetime in seconds.'),
          ...bearerErrors(404),
        },
      },
    },
    async (request, reply) => {
      const userId = callerIdOf(request);
      await deskCallerOf(app.db, userId); // a deleted user gets no desk session
      // The desk session inherits the bearer token's issue time, so whatever revokes the
      // token (sign out everywhere, deactivation) ends the desk session too (ADR 0005).
      const issued = request.caller?.issued ?? { seconds: undefined };
      // And it ends with the provider's grant behind the token, which every sign-out of the
      // portal revokes, whichever way it runs (ADR 0060).
      const grantId = request.caller?.grantId;
      return reply.header('cache-control', 'no-store').send({
        token: await keys.issueFrameToken({ userId, issued, grantId }),
        expiresIn: FRAME_TOKEN_SECONDS,
      });
    },
  );

  app.get(
    '/api/support/cases/download',
    {
      schema: {
        operationId: 'downloadSupportCasesCsv',
        summary: "Every case of the caller's account as CSV",
        description:
          'Needs the SUPPORT and USERMANAGEMENT permissions. Sent as an attachment (cases.csv).',
        tags,
        response: {
          200: fileResponse(
            'text/csv',
            supportCasesCsvSchema,
            'The cases as a CSV file (UTF-8 with a byte-order mark).',
          ),
          ...bearerErrors(403, 404),
        },
      },
    },
    async (request, reply) => {
      const csv = await casesCsv(app.db, callerIdOf(request));
      return sendFile(reply, 'text/csv; charset=utf-8', 'cases.csv', csv);
    },
  );

  app.get(
    '/api/support/portals',
    {
      schema: {
        operationId: 'listSupportPortals',
        summary: 'The other support portals (§7 GET portals)',
        description:
          'Each with its name, what it is for and its address (opens in a new window), in their order. The same portals the services portals page lists (docs/decisions/0070).',
        tags,
        response: {
          200: supportPortalListSchema.describe('The portals, in their order.'),
          ...bearerErrors(),
        },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'private, max-age=300').send(await supportPortals(app.db)),
  );

  app.register(deskPagesRoutes, { prefix: DESK_PREFIX, keys });
  done();
};
