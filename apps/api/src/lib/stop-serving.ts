import type { FastifyInstance } from 'fastify';
import type { ConnectionDrain } from './connection-drain.js';

/**
 * The end of a stopping node (ADR 0016, after the grace period): open notification streams
 * end first (ADR 0054) — a stream is an answer that never finishes by itself, so the drain
 * would otherwise wait for it until killed; its client reconnects, elsewhere once the
 * listener is closed, and resumes with Last-Event-ID. Then the listener closes, requests
 * already sent are answered, and the app (job queue, change listener) closes. The database is
 * the caller's to close.
 */
export async function stopServing(
  app: FastifyInstance,
  connections: ConnectionDrain,
): Promise<void> {
  app.notificationStreams.endAll();
  await connections.drain();
  await app.close();
}
