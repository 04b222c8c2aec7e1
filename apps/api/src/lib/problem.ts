import { STATUS_CODES } from 'node:http';
import {
  BLANK_PROBLEM_TYPE,
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TYPES,
  type FieldError,
  type Problem,
} from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The one error body of the whole API (contracts `problemSchema`, RFC 9457, ADR 0065): a 400 is
 * the validation kind (with the bad fields when known); any other status is `about:blank`,
 * titled with its status phrase. `instance` is added when it is sent.
 */
export function problem(status: number, detail: string, errors?: FieldError[]): Problem {
  const base: Problem =
    status === 400
      ? { type: PROBLEM_TYPES.validation, title: 'Invalid request', status, detail }
      : { type: BLANK_PROBLEM_TYPE, title: STATUS_CODES[status] ?? 'Error', status, detail };
  return errors && errors.length > 0 ? { ...base, errors } : base;
}

/** A domain error's field → message map as the problem's `errors`. */
export function fieldErrorList(fieldErrors: Record<string, string>): FieldError[] {
  return Object.entries(fieldErrors).map(([field, message]) => ({ field, message }));
}

/** The path of a request (no query string), cut short for the answer and the log. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** Seconds a client should wait before trying a 503 again. */
const RETRY_AFTER_SECONDS = '2';

/**
 * Sends a problem as `application/problem+json`, with the path it happened at as `instance`.
 * Every error answer of the API goes through here (the bearer check and the notification
 * stream's refusals too), so the media type and the body are the same everywhere.
 */
export function sendProblem(
  reply: FastifyReply,
  body: Problem,
  request?: FastifyRequest,
): FastifyReply {
  if (body.status === 503 && !reply.hasHeader('retry-after')) {
    reply.header('retry-after', RETRY_AFTER_SECONDS);
  }
  const instance = body.instance ?? (request ? pathOf(request.url) : undefined);
  return reply
    .code(body.status)
    .type(`${PROBLEM_CONTENT_TYPE}; charset=utf-8`)
    .send(instance === undefined ? body : { ...body, instance });
}
