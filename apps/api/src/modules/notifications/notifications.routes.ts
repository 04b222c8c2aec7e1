import {
  notificationCountSchema,
  notificationIdParamsSchema,
  notificationListSchema,
  notificationStreamHeadersSchema,
  notificationStreamQuerySchema,
  notificationStreamTicketSchema,
} from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { NotFoundError, UnauthorizedError } from '../../lib/errors.js';
import { problem, sendProblem } from '../../lib/problem.js';
import { bearerErrors, fileResponse, noContent } from '../../lib/route-schemas.js';
import { USER_BUSY_RETRY_S } from './notification-streams.js';
import {
  getNotifications,
  getUnreadCount,
  issueStreamTicket,
  readAllNotifications,
  readNotification,
  STREAM_TICKET_TTL_S,
  ticketHash,
} from './notifications.service.js';
import { privateNoStore } from '../../lib/reply.js';

const tags = ['notifications'];
/** A stopping node (or one that cannot listen) opens no stream: the client tries again. */
const stopping = (request: FastifyRequest, reply: FastifyReply) =>
  sendProblem(
    reply.header('retry-after', '1'),
    problem(503, 'Live notifications are not available here right now. Connect again.'),
    request,
  );

/** Too many open streams (issue 34): the client polls meanwhile and tries again after a while. */
const busy = (
  request: FastifyRequest,
  reply: FastifyReply,
  scope: 'user' | 'node',
  retryAfterS: number,
) =>
  sendProblem(
    reply.header('retry-after', String(retryAfterS)).header('cache-control', 'no-store'),
    problem(
      429,
      scope === 'user'
        ? 'You have as many live notification streams open as allowed. Close one, or try again later.'
        : 'This server holds as many live notification streams as it can. Try again later.',
    ),
    request,
  );

/**
 * The notification centre (issue 12): the caller's own notifications, stored per user. The
 * web listens to the stream (ADR 0054) and polls (every 30 s, ADR 0031) only while it has
 * none; another user's id is a 404.
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
      privateNoStore(reply);
      return getNotifications(app.db, userId);
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
      privateNoStore(reply);
      return { unreadCount: await getUnreadCount(app.db, callerIdOf(request)) };
    },
  );

  app.get(
    '/api/notifications/stream-ticket',
    {
      schema: {
        operationId: 'getNotificationStreamTicket',
        summary: 'A ticket to open the notification stream with',
        description:
          "A browser's EventSource cannot send the bearer token, and the token must not ride " +
          'in a URL: this ticket opens one stream (`GET /api/notifications/stream?t=…`) of ' +
          `the caller, once, within ${STREAM_TICKET_TTL_S} seconds, while the token it was ` +
          'issued for is still honoured. 429 (with Retry-After) when the caller already holds ' +
          'as many streams as allowed: poll meanwhile.',
        tags,
        response: {
          200: notificationStreamTicketSchema.describe('The ticket.'),
          ...bearerErrors(429),
        },
      },
    },
    async (request, reply) => {
      const userId = callerIdOf(request);
      // Refused here, where the client can read the status (an EventSource cannot).
      if (await app.notificationStreams.userAtCap(userId))
        return busy(request, reply, 'user', USER_BUSY_RETRY_S);
      // The token's issue time goes with the ticket: redeeming applies the token rule again.
      const ticket = await issueStreamTicket(app.db, userId, request.caller?.issued);
      privateNoStore(reply);
      return { ticket, expiresIn: STREAM_TICKET_TTL_S };
    },
  );

  app.get(
    '/api/notifications/stream',
    {
      // The ticket stands for the bearer token (issued to it a moment ago).
      config: { public: true },
      schema: {
        operationId: 'streamNotifications',
        summary: "The caller's new notifications as they come (Server-Sent Events)",
        description:
          'Opened with a ticket from `/api/notifications/stream-ticket`; one stream per ' +
          'browser tab. Event `notification` (with `id:`, data `{ notification, unreadCount }`) ' +
          'for each new notification, event `unread` (data `{ unreadCount }`) when the unread ' +
          'count changed, event `removed` (data `{ ids, unreadCount }`) when notifications ' +
          'were withdrawn (their news item is gone); a comment line every 20 s. To resume, ' +
          'send `Last-Event-ID` or `lastEventId`: the notifications after that id come first. ' +
          'The server ends a stream after 10 minutes, when the sign-in it was opened for ends ' +
          "or the user's access changes, and when it stops (503 with Retry-After while " +
          'stopping): get a new ticket and resume. 429 with Retry-After: too many open streams ' +
          '(of the user, or on this server).',
        tags,
        querystring: notificationStreamQuerySchema,
        headers: notificationStreamHeadersSchema,
        response: {
          200: fileResponse('text/event-stream', z.string(), 'The event stream.'),
          ...bearerErrors(400, 429),
        },
      },
    },
    async (request, reply) => {
      if (app.state.shuttingDown) return stopping(request, reply);
      const opening = await app.notificationStreams.open(
        ticketHash(request.query.t),
        request.headers['last-event-id'] ?? request.query.lastEventId,
      );
      if (opening.kind === 'refused')
        throw new UnauthorizedError(
          'The stream ticket is unknown, spent or expired, or its sign-in has ended.',
        );
      if (opening.kind === 'busy') return busy(request, reply, opening.scope, opening.retryAfterS);
      if (opening.kind === 'unavailable') return stopping(request, reply);
      const { out } = opening;
      // The client went away: end the stream (its entry goes with it).
      reply.raw.once('close', () => out.destroy());
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-accel-buffering', 'no') // a proxy must pass each event on at once
        .send(out);
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
      const found = await readNotification(app.db, callerIdOf(request), request.params.id);
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
      await readAllNotifications(app.db, callerIdOf(request));
      return reply.code(204).send(null);
    },
  );
  done();
};
