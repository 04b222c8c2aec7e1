import { STATUS_CODES } from 'node:http';
import {
  findUnstorableText,
  parameterProblem,
  UNSTORABLE_TEXT_MESSAGE,
  type FieldError,
  type Problem,
} from '@portico/contracts';
import type {
  FastifyError,
  FastifyPluginCallback,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../db/db.js';
import { BadRequestError, isDomainError, TooManyRequestsError } from '../lib/errors.js';
import { fieldErrorList, pathOf, problem, sendProblem } from '../lib/problem.js';
import { rootPlugin } from '../lib/root-plugin.js';

/** Never shown to callers: 5xx details go to the log only. */
export const internalErrorMessage = 'Something went wrong on our side. Please try again later.';

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

interface ZodLikeError {
  name: 'ZodError';
  issues: { path: readonly PropertyKey[]; message: string }[];
}

/** zod errors thrown by `schema.parse()` in route handlers (duck-typed: any zod copy). */
function isZodError(error: unknown): error is ZodLikeError {
  return (
    error instanceof Error &&
    error.name === 'ZodError' &&
    Array.isArray((error as Partial<ZodLikeError>).issues)
  );
}

function zodFieldErrors(error: ZodLikeError): FieldError[] {
  return error.issues
    .filter((issue) => issue.path.length > 0)
    .map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
}

function zodMessage(error: ZodLikeError): string {
  const details = error.issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.map(String).join('.');
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
  return `Invalid request. ${details}`;
}

interface SchemaIssue {
  instancePath?: string;
  message?: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The message of a route-schema validation failure (zod contracts through the type
 * provider, docs/decisions/0018): the contracts' own messages, joined by '; ', exactly as
 * the handlers' safeParse answered before. A message that does not name its field (zod's
 * defaults, e.g. "Invalid input: expected string, received array") gets the field's path in
 * front: `page: Invalid input…`.
 */
export function schemaValidationMessage(issues: readonly SchemaIssue[]): string {
  const messages = issues.slice(0, 5).map(({ instancePath = '', message = 'is not valid' }) => {
    const path = instancePath.split('/').filter(Boolean);
    const field = path.at(-1);
    if (field === undefined) return message;
    const named = new RegExp(`\\b${escapeRegExp(field)}\\b`, 'i').test(message);
    return named ? message : `${path.join('.')}: ${message}`;
  });
  return messages.join('; ') || 'Invalid request.';
}

/** The bad fields of a route-schema validation failure, by their path below the request part. */
function schemaFieldErrors(issues: readonly SchemaIssue[]): FieldError[] {
  return issues.flatMap(({ instancePath = '', message = 'is not valid' }) => {
    const field = instancePath.split('/').filter(Boolean).join('.');
    return field === '' ? [] : [{ field, message }];
  });
}

function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  const { statusCode } = error;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode <= 599
    ? statusCode
    : undefined;
}

/** Maps anything thrown while handling a request to the status and body the caller gets. */
export function toProblem(error: unknown): Problem {
  if (isDomainError(error)) {
    const errors = error.fieldErrors ? fieldErrorList(error.fieldErrors) : undefined;
    return problem(error.statusCode, error.message, errors);
  }
  if (isZodError(error)) return problem(400, zodMessage(error), zodFieldErrors(error));
  // The database is down, restarting or full (ADR 0053): a retryable 503, not a 500.
  if (isDatabaseUnavailable(error)) return problem(503, new DatabaseUnavailableError().message);

  const fastifyError = error as Partial<FastifyError>;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return problem(
      400,
      schemaValidationMessage(error.validation),
      schemaFieldErrors(error.validation),
    );
  }
  if (fastifyError.validation) {
    return problem(400, `Invalid request. ${fastifyError.message ?? ''}`.trim());
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return problem(400, 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return problem(400, 'The request body is empty but its content type says JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return problem(413, 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return problem(415, 'This content type is not supported here.');
    default:
      break;
  }

  const status = statusCodeOf(error);
  // Client errors raised by Fastify or its plugins carry messages written for the caller.
  if (status !== undefined && status < 500) {
    return problem(status, fastifyError.message || (STATUS_CODES[status] ?? 'Bad request'));
  }
  return problem(status ?? 500, internalErrorMessage);
}

/**
 * Fastify's `frameworkErrors` (a URL it cannot decode, FST_ERR_BAD_URL): answered before any
 * route or error handler, so given here to answer the same problem+json as every other error.
 */
export function frameworkErrors(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = statusCodeOf(error) ?? 400;
  const detail =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address is not valid: it holds a broken %-encoding.'
      : (STATUS_CODES[status] ?? 'Bad request');
  sendProblem(reply, problem(status, detail), request);
}

/** What the multipart parser (busboy) throws for a body without a boundary or cut short. */
const MALFORMED_MULTIPART =
  /^(?:Multipart: |Unexpected end of multipart data$|.* terminated early due to unexpected end of multipart data$|Unsupported Content-Type\.$|Boundary required$|The needle cannot )/;

export const malformedMultipartMessage =
  'The multipart/form-data body is malformed or incomplete (no boundary, or cut short). Send it again.';

/**
 * A broken multipart body fails inside the parser, as a plain Error (or a stream's premature
 * close), not as a client error: only on a multipart request are these the caller's fault.
 */
function isMalformedMultipart(error: unknown, request: FastifyRequest): boolean {
  if (!(error instanceof Error) || isDomainError(error)) return false;
  if (!/^multipart\//i.test(request.headers['content-type'] ?? '')) return false;
  return (
    (error as Partial<FastifyError>).code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    MALFORMED_MULTIPART.test(error.message)
  );
}

/**
 * Text PostgreSQL cannot store (U+0000, a lone surrogate) anywhere in a JSON body is a 400
 * naming the field, before any schema or service sees it: one rule for every route
 * (docs/decisions/0045) instead of a refinement on each of the contracts' strings.
 */
function unstorableTextError(body: unknown): BadRequestError | undefined {
  const path = findUnstorableText(body);
  if (path === undefined) return undefined;
  const field = path.length > 0 ? path.join('.') : 'body';
  return new BadRequestError(
    `Invalid request. ${field}: ${UNSTORABLE_TEXT_MESSAGE}`,
  ).withFieldErrors({ [field]: UNSTORABLE_TEXT_MESSAGE });
}

/**
 * The first path or query parameter holding text the database cannot store, or longer than
 * any route takes, as a 400: checked for every route (ADR 0045 addendum), so a params or
 * querystring schema without its own refinement cannot let it reach SQL.
 */
function unacceptableParameterError(request: FastifyRequest): BadRequestError | undefined {
  for (const source of [request.params, request.query]) {
    if (typeof source !== 'object' || source === null) continue;
    for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
      const problem = parameterProblem(name, value);
      if (problem) return new BadRequestError(`Invalid request. ${problem}`);
    }
  }
  return undefined;
}

/**
 * The /api routes by path, to tell a method the path does not take (405 with `Allow`) from a
 * path nothing answers (404). Fastify's own router answers both with "not found".
 */
function createMethodIndex() {
  const router = FindMyWay();
  return {
    add(route: RouteOptions): void {
      if (!isApiPath(route.url)) return;
      for (const method of [route.method].flat()) {
        try {
          router.on(method as HTTPMethod, route.url, () => undefined);
        } catch {
          // Already known (a HEAD Fastify added beside a GET that declares its own): nothing new.
        }
      }
    },
    allowedAt(path: string): string[] {
      if (!isApiPath(path)) return [];
      return (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const).filter(
        (method) => router.find(method, path) !== null,
      );
    },
  };
}

/**
 * One error handler for the whole app (docs/architecture.md, "One error path"): typed domain errors and
 * validation errors become 4xx problem details (RFC 9457, ADR 0065) with a clear `detail`;
 * anything else is a 500 whose cause is logged, never sent. Unknown paths get a 404, a known
 * /api path asked with a method it does not take a 405 with `Allow`. While the server is starting
 * (migrations not yet applied), /api answers 503 instead of failing halfway (issue 2 §7);
 * once ready it serves /api while shutting down too: during the grace period a balancer
 * still sends traffic here, and only /health/ready tells it to stop (issue 23 §1, ADR 0016).
 * A JSON body, path or query parameter with text the database cannot store is a 400 (ADR 0045).
 */
const errors: FastifyPluginCallback = (app, _options, done) => {
  app.addHook('onRequest', (request, reply, next) => {
    if (!isApiPath(request.url) || app.state.ready) {
      next();
      return;
    }
    // A stop signal while still starting: the database is being closed under us.
    const message = app.state.shuttingDown
      ? 'The server is shutting down. Please try again in a moment.'
      : 'The server is starting. Please try again in a moment.';
    // Answering here ends the request: the hook chain stops without next().
    reply.header('retry-after', '5');
    sendProblem(reply, problem(503, message), request);
  });

  app.addHook('preValidation', (request, _reply, next) => {
    next(isApiPath(request.url) ? unstorableTextError(request.body) : undefined);
  });

  // After the route's own schema, so its per-parameter messages come first; before any
  // handler or route hook, so nothing it let through reaches SQL.
  app.addHook('preHandler', (request, _reply, next) => {
    next(isApiPath(request.url) ? unacceptableParameterError(request) : undefined);
  });

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = isMalformedMultipart(error, request)
      ? problem(400, malformedMultipartMessage)
      : toProblem(error);
    if (body.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ statusCode: body.status, reason: body.detail }, 'request rejected');
    }
    if (error instanceof TooManyRequestsError && error.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return sendProblem(reply, body, request);
  });

  const methods = createMethodIndex();
  app.addHook('onRoute', (route) => methods.add(route));

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    const allowed = methods.allowedAt(request.url.split('?', 1)[0] ?? '');
    // A route that answers "not found" itself (callNotFound) takes the method: a 404.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '));
      return sendProblem(
        reply,
        problem(405, `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.`),
        request,
      );
    }
    return sendProblem(
      reply,
      problem(404, `There is nothing at ${request.method} ${path}.`),
      request,
    );
  });
  done();
};

export const errorsPlugin = rootPlugin('portico-errors', errors);
