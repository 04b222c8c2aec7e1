import {
  administrableAccountsSchema,
  administratorsSchema,
  fullName,
  userListQuerySchema,
  type UserAuditEntry,
} from '@portico/contracts';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerIdOf } from '../../lib/caller.js';
import { BadRequestError } from '../../lib/errors.js';
import { listAdministrators, listAudit } from './user-management.repository.js';
import { MAX_EXPORT_ROWS, usersCsv, usersXlsx } from './user-export.js';
import {
  allAccountUsers,
  administrableAccounts,
  changeInvitation,
  contextOf,
  createAccountUser,
  deleteAccountUser,
  etagOf,
  getAccountUser,
  listAccountUsers,
  resolveAdmin,
  updateAccountUser,
  type UserManagementDeps,
} from './user-management.service.js';
import { billingPlatformRoles, learningRolesFor, userProfiles } from './user-options.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
const accountQuery = z.object({
  accountId: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (Array.isArray(v) ? v[0] : v))
    .pipe(z.string().min(1).max(100).optional()),
});

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new BadRequestError(parsed.error.issues.map((i) => i.message).join('; '));
  }
  return parsed.data;
}

const privateNoStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/**
 * User management (issue 15; §7 user calls): the list, one user with its ETag, create,
 * update and delete with If-Match, the audit trail, invitations and the form's choices.
 * Every call is authorised in the service against the caller's account (ADR 0026).
 */
export const userManagementRoutes: FastifyPluginCallback = (app, _options, done) => {
  const deps = (): UserManagementDeps => ({
    db: app.db,
    jobs: app.jobs,
    phonePattern: app.env.PHONE_PATTERN,
  });
  const admin = (request: FastifyRequest) =>
    resolveAdmin(app.db, callerIdOf(request), parse(accountQuery, request.query).accountId);

  app.get('/api/users/management', async (request, reply) => {
    privateNoStore(reply);
    const { accountId } = parse(accountQuery, request.query);
    return contextOf(await resolveAdmin(app.db, callerIdOf(request), accountId, true));
  });

  app.get('/api/users/accounts', async (request, reply) => {
    privateNoStore(reply);
    return administrableAccountsSchema.parse(
      await administrableAccounts(app.db, await admin(request)),
    );
  });

  app.get('/api/users', async (request, reply) => {
    const query = parse(userListQuerySchema, request.query);
    const a = await resolveAdmin(app.db, callerIdOf(request), query.accountId);
    const page = await listAccountUsers(app.db, a, query);
    return privateNoStore(reply)
      .header('x-total-count', String(page.total))
      .header('access-control-expose-headers', 'X-Total-Count')
      .send(page.items);
  });

  // The current selection of the list (same query, filters and sort), as CSV or Excel.
  app.get('/api/users/export', async (request, reply) => {
    const raw = (request.query ?? {}) as Record<string, unknown>;
    const format = parse(z.enum(['csv', 'xlsx']), raw.format ?? 'csv');
    const query = parse(userListQuerySchema, raw); // unknown keys (format) are dropped
    const a = await resolveAdmin(app.db, callerIdOf(request), query.accountId);
    const users = await allAccountUsers(app.db, a, query, MAX_EXPORT_ROWS);
    privateNoStore(reply).header('content-disposition', `attachment; filename="users.${format}"`);
    if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(usersCsv(users));
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(await usersXlsx(users));
  });

  app.post('/api/users', async (request, reply) => {
    const { accountId } = parse(accountQuery, request.query);
    const user = await createAccountUser(deps(), callerIdOf(request), accountId, request.body);
    return privateNoStore(reply)
      .code(201)
      .header('etag', etagOf(user.version))
      .header('location', `/api/users/${encodeURIComponent(user.id)}`)
      .send(user);
  });

  // The form's choices (§7): profiles (roles), products, billing-platform roles, learning
  // roles of the account's level (§6), administrators of the account.
  app.get('/api/users/profiles', async (request) => {
    await admin(request);
    return userProfiles;
  });
  app.get('/api/users/billing-platform-roles', async (request) => {
    await admin(request);
    return billingPlatformRoles;
  });
  app.get('/api/users/products', async (request) => {
    await admin(request);
    const { rows } = await app.db.query<{ content_id: string; product_name: string; slug: string }>(
      'select content_id, product_name, slug from products order by product_name, slug',
    );
    return rows.map((r) => ({
      contentId: r.content_id,
      productName: r.product_name,
      slug: r.slug,
    }));
  });
  app.get('/api/users/learning-roles', async (request) => {
    const a = await admin(request);
    return learningRolesFor(a.account.subscription_level, a.account.vendor);
  });
  app.get('/api/users/administrators', async (request, reply) => {
    const a = await admin(request);
    privateNoStore(reply);
    const rows = await listAdministrators(app.db, a.account.id);
    return administratorsSchema.parse(
      rows.map((r) => ({
        id: r.id,
        fullName: fullName({ firstName: r.first_name, lastName: r.last_name }),
        email: r.email,
      })),
    );
  });

  app.get('/api/users/:id', async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const user = await getAccountUser(app.db, callerIdOf(request), id);
    return privateNoStore(reply).header('etag', etagOf(user.version)).send(user);
  });

  app.put('/api/users/:id', async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const user = await updateAccountUser(
      deps(),
      callerIdOf(request),
      id,
      request.headers['if-match'],
      request.body,
    );
    return privateNoStore(reply).header('etag', etagOf(user.version)).send(user);
  });

  app.delete('/api/users/:id', async (request, reply) => {
    const { id } = parse(idParams, request.params);
    await deleteAccountUser(deps(), callerIdOf(request), id, request.headers['if-match']);
    return reply.code(204).send();
  });

  app.get('/api/users/:id/audit', async (request, reply) => {
    const { id } = parse(idParams, request.params);
    const user = await getAccountUser(app.db, callerIdOf(request), id);
    const rows = await listAudit(app.db, user.id, user.accountId);
    privateNoStore(reply);
    return rows.map((r): UserAuditEntry => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actorName: r.actor_name,
      action: r.action as UserAuditEntry['action'],
      changes: r.changes,
    }));
  });

  app.post('/api/users/:id/invitation', async (request, reply) => {
    const { id } = parse(idParams, request.params);
    await changeInvitation(deps(), callerIdOf(request), id, 'resend');
    return reply.code(202).send({ message: 'A new invitation is on its way.' });
  });

  app.delete('/api/users/:id/invitation', async (request, reply) => {
    const { id } = parse(idParams, request.params);
    await changeInvitation(deps(), callerIdOf(request), id, 'revoke');
    return reply.code(204).send();
  });

  done();
};
