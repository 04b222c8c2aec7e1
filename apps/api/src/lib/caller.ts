import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from './errors.js';

/**
 * The verified caller's user id. The auth plugin rejects guarded /api requests without a
 * valid token before a handler runs; this is the handler's own guard should a route ever be
 * reached without one (e.g. registered outside /api by mistake).
 */
export function callerIdOf(request: FastifyRequest): string {
  if (!request.caller) throw new UnauthorizedError();
  return request.caller.userId;
}
