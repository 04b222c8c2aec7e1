import {
  accountUserInputSchema,
  accountUserListSchema,
  accountUserSchema,
  administrableAccountsSchema,
  invitationResentSchema,
  userAccountQuerySchema,
  userAuditSchema,
  userExportQuerySchema,
  userIdParamsSchema,
  userListQuerySchema,
  userManagementContextSchema,
} from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { callerIdOf } from '../../lib/caller.js';
import { privateNoStore, withTotalCountHeader } from '../../lib/reply.js';
import {
  bearerErrors,
  bodyValidatedByService,
  fileResponse,
  noContent,
  withHeaders,
  withTotalCount,
  readSchema,
} from '../../lib/route-schemas.js';
import { exportReaderOf, MAX_EXPORT_ROWS, usersCsv, usersXlsx } from './user-export.js';
import { changeInvitation } from './invitations.service.js';
import {
  allAccountUsers,
  administrableAccounts,
  contextOf,
  getAccountUser,
  listAccountUsers,
  resolveAdmin,
  type UserManagementDeps,
  accountUserAudit,
} from './user-management.service.js';
import { createAccountUser, deleteAccountUser, updateAccountUser } from './user-writes.service.js';
import { etagOf } from '../../lib/versioned.js';

const tags = ['users'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** 204: no body, so nothing for the (null) response schema to serialise. */
const sendNoContent = (reply: FastifyReply) => reply.code(204).send();

const etagHeader = {
  ETag: {
    description: 'The version of the user; send it as If-Match to change or delete the user.',
    schema: { type: 'string' as const },
  },
};

/**
 * The body of a create or update: documented by the contract, validated by the service (the
 * §5 headline with a message per field, with the server's phone rule), never by the route.
 */
const userFormBody = accountUserInputSchema.describe(
  'The account user form (§3). An invalid form is a 400 with the §5 headline as message and one message per field in fieldErrors; the phone numbers follow the rule the server is configured with (E.164 by default).',
);

/**
 * User management (issue 15; §7 user calls): the list, one user with its ETag, create,
 * update and delete with If-Match, the audit trail, invitations and the form's choices.
 * Every call is authorised in the service against the caller's account (ADR 0026).
 */
export const userManagementRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const deps = (): UserManagementDeps => ({
    db: app.db,
    jobs: app.jobs,
    phonePattern: app.env.PHONE_PATTERN,
  });
  const admin = (request: FastifyRequest, accountId: string | undefined) =>
    resolveAdmin(app.db, callerIdOf(request), accountId);

  /**
   * A read about the administered account (`accountId`): the same query and errors, never
   * cached; `read` answers it for the caller and the account named.
   */
  const accountRead = (
    path: string,
    route: {
      operationId: string;
      summary: string;
      description: string;
      response: ZodType;
      read: (request: FastifyRequest, accountId: string | undefined) => Promise<unknown>;
    },
  ) => {
    const { read, ...doc } = route;
    const querystring = userAccountQuerySchema;
    app.get(
      path,
      { schema: readSchema({ ...doc, tags, querystring, errors: [400, 403, 404] }) },
      async (request, reply) => {
        privateNoStore(reply);
        return read(request, request.query.accountId);
      },
    );
  };

  accountRead('/api/users/management', {
    operationId: 'getUserManagementStart',
    summary: 'Where user management starts',
    description:
      'The administered account (the caller’s own, or the one a vendor employee picked with accountId), its licences, and whether the caller may switch accounts. Needs USERMANAGEMENT.',
    response: userManagementContextSchema.describe('The account and what the caller may do.'),
    read: async (request, accountId) =>
      contextOf(await resolveAdmin(app.db, callerIdOf(request), accountId, true)),
  });

  accountRead('/api/users/accounts', {
    operationId: 'listAdministrableAccounts',
    summary: 'Accounts the caller may administer',
    description:
      'The account switcher: every account for a vendor employee, the own account for everyone else.',
    response: administrableAccountsSchema.describe('The accounts.'),
    read: async (request, accountId) =>
      administrableAccountsSchema.parse(
        await administrableAccounts(app.db, await admin(request, accountId)),
      ),
  });

  app.get(
    '/api/users',
    {
      schema: readSchema({
        operationId: 'listUsers',
        summary: 'A page of the account’s users',
        description:
          'Paged (20 a page), filtered by text, status and role, sorted. The `X-Total-Count` response header holds the number of matching users.',
        tags,
        querystring: userListQuerySchema,
        response: withTotalCount(
          accountUserListSchema,
          'The users of the page.',
          'How many users match.',
        ),
        errors: [400, 403, 404],
      }),
    },
    async (request, reply) => {
      const query = request.query;
      const a = await resolveAdmin(app.db, callerIdOf(request), query.accountId);
      const page = await listAccountUsers(app.db, a, query);
      return privateNoStore(withTotalCountHeader(reply, page.total)).send(page.items);
    },
  );

  // The current selection of the list (same query, filters and sort), as CSV or Excel.
  app.get(
    '/api/users/export',
    {
      schema: {
        operationId: 'exportUsers',
        summary: 'The selected users as CSV or Excel',
        description: `The users matching the list's query, filters and sort (at most ${MAX_EXPORT_ROWS}), sent as an attachment: users.csv or users.xlsx.`,
        tags,
        querystring: userExportQuerySchema,
        response: {
          200: {
            description: 'The users as a CSV file (format=csv, the default) or an Excel workbook.',
            content: {
              ...fileResponse(
                'text/csv',
                z.string().describe('CSV: a header row, then one user per row.'),
                '',
              ).content,
              ...fileResponse(
                XLSX_TYPE,
                z.string().meta({ format: 'binary' }).describe('An Excel workbook (.xlsx).'),
                '',
              ).content,
            },
          },
          ...bearerErrors(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const a = await resolveAdmin(app.db, callerIdOf(request), query.accountId);
      const users = await allAccountUsers(app.db, a, query, MAX_EXPORT_ROWS);
      const reader = await exportReaderOf(app.db, a);
      privateNoStore(reply).header('content-disposition', `attachment; filename="users.${format}"`);
      if (format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(usersCsv(users, reader));
      }
      return reply.type(XLSX_TYPE).send(await usersXlsx(users, reader));
    },
  );

  app.post(
    '/api/users',
    {
      // The service validates the form (§5 field messages); the schema documents it.
      validatorCompiler: bodyValidatedByService,
      schema: {
        operationId: 'createUser',
        summary: 'Create a user',
        description:
          'A Pending user in the administered account; an invitation e-mail is sent. Checks the §5 rules: unique e-mail and username, one point manager, licences, learning roles of the account’s level.',
        tags,
        querystring: userAccountQuerySchema,
        body: userFormBody,
        response: {
          201: withHeaders(accountUserSchema, 'The new user.', {
            ...etagHeader,
            Location: { description: 'The address of the new user.', schema: { type: 'string' } },
          }),
          ...bearerErrors(400, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const user = await createAccountUser(
        deps(),
        callerIdOf(request),
        request.query.accountId,
        request.body, // as it arrived: the service validates it
      );
      return privateNoStore(reply)
        .code(201)
        .header('etag', etagOf(user.version))
        .header('location', `/api/users/${encodeURIComponent(user.id)}`)
        .send(user);
    },
  );

  app.get(
    '/api/users/:id',
    {
      schema: {
        operationId: 'getUser',
        summary: 'One user',
        tags,
        params: userIdParamsSchema,
        response: {
          200: withHeaders(
            accountUserSchema,
            'The user (§3 account user form fields).',
            etagHeader,
          ),
          ...bearerErrors(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const user = await getAccountUser(app.db, callerIdOf(request), request.params.id);
      return privateNoStore(reply).header('etag', etagOf(user.version)).send(user);
    },
  );

  app.put(
    '/api/users/:id',
    {
      // The service validates the form (§5 field messages); the schema documents it.
      validatorCompiler: bodyValidatedByService,
      schema: {
        operationId: 'updateUser',
        summary: 'Change a user',
        description:
          'Needs If-Match with the ETag of the user read. Active ⇄ Inactive through `active`; a Pending user stays Pending until the invitation is accepted. Checks the §5 and lock-out rules.',
        tags,
        params: userIdParamsSchema,
        body: userFormBody,
        response: {
          200: withHeaders(accountUserSchema, 'The changed user.', etagHeader),
          ...bearerErrors(400, 403, 404, 409, 412, 428),
        },
      },
    },
    async (request, reply) => {
      const user = await updateAccountUser(
        deps(),
        callerIdOf(request),
        request.params.id,
        request.headers['if-match'],
        request.body, // as it arrived: the service validates it
      );
      return privateNoStore(reply).header('etag', etagOf(user.version)).send(user);
    },
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        operationId: 'deleteUser',
        summary: 'Delete a user',
        description:
          'Needs If-Match with the ETag of the user read. The user, their tokens and grants are gone; nobody can delete their own user or the last active administrator.',
        tags,
        params: userIdParamsSchema,
        response: {
          204: noContent('The user is deleted.'),
          ...bearerErrors(400, 403, 404, 409, 412, 428),
        },
      },
    },
    async (request, reply) => {
      await deleteAccountUser(
        deps(),
        callerIdOf(request),
        request.params.id,
        request.headers['if-match'],
      );
      return sendNoContent(reply);
    },
  );

  app.get(
    '/api/users/:id/audit',
    {
      schema: {
        operationId: 'getUserAuditTrail',
        summary: 'The audit trail of a user',
        tags,
        params: userIdParamsSchema,
        response: {
          200: userAuditSchema.describe('Who changed what and when, with before and after.'),
          ...bearerErrors(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const trail = await accountUserAudit(app.db, callerIdOf(request), request.params.id);
      privateNoStore(reply);
      return trail;
    },
  );

  app.post(
    '/api/users/:id/invitation',
    {
      schema: {
        operationId: 'sendUserInvitation',
        summary: 'Send a new invitation',
        description: 'For a Pending user: a new link is sent; the old one stops working.',
        tags,
        params: userIdParamsSchema,
        response: {
          202: invitationResentSchema.describe('The new invitation is on its way.'),
          ...bearerErrors(400, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      await changeInvitation(deps(), callerIdOf(request), request.params.id, 'resend');
      return reply.code(202).send({ message: 'A new invitation is on its way.' });
    },
  );

  app.delete(
    '/api/users/:id/invitation',
    {
      schema: {
        operationId: 'withdrawUserInvitation',
        summary: 'Withdraw the invitation',
        description: 'For a Pending user with an open invitation: its link stops working.',
        tags,
        params: userIdParamsSchema,
        response: {
          204: noContent('The invitation is withdrawn.'),
          ...bearerErrors(400, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      await changeInvitation(deps(), callerIdOf(request), request.params.id, 'revoke');
      return sendNoContent(reply);
    },
  );

  done();
};
