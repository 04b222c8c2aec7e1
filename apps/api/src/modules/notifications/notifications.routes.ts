import {
  notificationCountSchema,
  notificationIdParamsSchema,
  notificationListSchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { NotFoundError } from '../../lib/errors.js';
import { bearerErrors, noContent } from '../../lib/route-schemas.js';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
} from './notifications.repository.js';

const tags = ['notifications'];

/**
 * The notification centre (issue 12): the caller's own notifications, stored per user. The
 * web polls the unread count (at most every 30 s, ADR 0031); another user's id is a 404.
 */
export const notificationsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/notifications',
    {
      schema: {
        operationId: 'listNotifications',
        summary: "The caller's notifications",
        description: 'The newest 20, newest first, and how many are unread in all.',
        tags,
        response: {
          200: notificationListSchema.describe('The newest notifications and the unread count.'),
          ...bearerErrors(),
        },
      },
    },
    async (request, reply) => {
      const userId = callerIdOf(request);
      reply.header('cache-control', 'private, no-store');
      const [items, unreadCount] = await Promise.all([
        listNotifications(app.db, userId),
        countUnread(app.db, userId),
      ]);
      return { items, unreadCount };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        operationId: 'countUnreadNotifications',
        summary: "How many of the caller's notifications are unread",
        tags,
        response: {
          200: notificationCountSchema.describe('How many are unread.'),
          ...bearerErrors(),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { unreadCount: await countUnread(app.db, callerIdOf(request)) };
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      schema: {
        operationId: 'markNotificationRead',
        summary: 'Mark one notification read',
        tags,
        params: notificationIdParamsSchema,
        response: { 204: noContent('Marked read.'), ...bearerErrors(400, 404) },
      },
    },
    async (request, reply) => {
      const found = await markRead(app.db, callerIdOf(request), request.params.id);
      if (!found) throw new NotFoundError(`You have no notification ${request.params.id}.`);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: {
        operationId: 'markAllNotificationsRead',
        summary: "Mark all the caller's notifications read",
        tags,
        response: { 204: noContent('All marked read.'), ...bearerErrors() },
      },
    },
    async (request, reply) => {
      await markAllRead(app.db, callerIdOf(request));
      return reply.code(204).send(null);
    },
  );
  done();
};
