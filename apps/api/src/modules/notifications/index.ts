// modules/notifications: the bell's notifications and their live streams (ADR 0054).
import type { FastifyInstance } from 'fastify';
import { rootPlugin } from '../../lib/root-plugin.js';
import { notificationStreamsPlugin } from './notification-streams.js';
import { notificationsRoutes } from './notifications.routes.js';

/** Live notification streams, then /api/notifications (issue 12). */
export const notificationsModule = rootPlugin(
  'portico-notifications',
  async (app: FastifyInstance) => {
    await app.register(notificationStreamsPlugin);
    await app.register(notificationsRoutes);
  },
);
