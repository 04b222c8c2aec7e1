import { PROBLEM_CONTENT_TYPE, problemSchema } from '@portico/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The OpenAPI security scheme of the bearer token (plugins/openapi declares it). */
export const BEARER_SCHEME = 'bearerAuth';

/**
 * Building blocks of route schemas (docs/decisions/0018-route-schemas-and-openapi.md). Every
 * /api route declares its responses; these describe the ones shared by many routes, in the
 * one error body of the API (contracts `problemSchema`, `application/problem+json`, ADR 0065).
 */
const errorDescriptions = {
  400: 'The request is not valid; `detail` names the parameter and what is wrong with it, `errors` the fields.',
  401: 'No valid bearer token: missing, malformed, expired, or not issued for this API.',
  403: 'The caller is signed in but may not do this.',
  404: 'There is no such thing, or the caller may not know it exists.',
  409: 'The request conflicts with the current state.',
  412: 'If-Match does not name the current version: someone else changed it meanwhile; read it again.',
  415: 'The request body has a content type this operation does not take.',
  428: 'This change needs an If-Match header with the ETag of the version you read.',
  429: 'Too many requests; try again later.',
  500: 'Something went wrong on the server; the details are logged, never sent.',
  503: 'The server is starting or shutting down, or sign-in is temporarily unavailable; try again after Retry-After seconds.',
} as const;

export type ErrorStatus = keyof typeof errorDescriptions;

export interface JsonErrorResponse {
  description: string;
  content: { [PROBLEM_CONTENT_TYPE]: { schema: typeof problemSchema } };
}

/**
 * One error response in the one error body, for a status the shared table does not describe
 * (416 of a byte range, 413 of an upload) or with a description of the route's own.
 */
export function problemResponse(description: string): JsonErrorResponse {
  return { description, content: { [PROBLEM_CONTENT_TYPE]: { schema: problemSchema } } };
}

function errorResponse(status: ErrorStatus): JsonErrorResponse {
  return problemResponse(errorDescriptions[status]);
}

function errorResponses(statuses: ErrorStatus[]): Partial<Record<ErrorStatus, JsonErrorResponse>> {
  return Object.fromEntries(
    [...new Set(statuses)].sort((a, b) => a - b).map((status) => [status, errorResponse(status)]),
  );
}

/**
 * The error responses of a route that needs the bearer token: 401, 500 and 503 always, plus
 * the statuses given (400 for routes with parameters, 403, 404…).
 */
export function bearerErrors(
  ...statuses: ErrorStatus[]
): Partial<Record<ErrorStatus, JsonErrorResponse>> {
  return errorResponses([...statuses, 401, 500, 503]);
}

/**
 * The schema of a signed-in read answering one JSON body: its documentation, query string
 * and error statuses (401, 500 and 503 always). An area's route builders share it.
 */
export function readSchema<Query extends z.ZodType>(doc: {
  operationId: string;
  summary: string;
  description?: string | undefined;
  tags: string[];
  querystring: Query;
  response: z.ZodType;
  errors: ErrorStatus[];
}) {
  const { description, response, errors, ...rest } = doc;
  return {
    ...rest,
    ...(description ? { description } : {}),
    response: { 200: response, ...bearerErrors(...errors) },
  };
}

/**
 * The error responses of a public route (`config: { public: true }`, no token checked): 500
 * always, plus the statuses given — at least one 4xx, which every operation can answer
 * (a body that is not valid JSON is a 400 even where none is expected).
 */
export function publicErrors(
  first: ErrorStatus,
  ...statuses: ErrorStatus[]
): Partial<Record<ErrorStatus, JsonErrorResponse>> {
  return errorResponses([first, ...statuses, 500]);
}

/** A response without a body (204, 304): documented with its reason, nothing to serialise. */
export function noContent(description: string): z.ZodNull {
  return z.null().describe(description);
}

/**
 * A non-JSON response (CSV, a file download): its media type and a string or binary schema.
 * Fastify sends such payloads as they are; the schema documents them.
 */
export function fileResponse<Schema extends z.ZodType>(
  mediaType: string,
  schema: Schema,
  description: string,
): { description: string; content: Record<string, { schema: Schema }> } {
  return { description, content: { [mediaType]: { schema } } };
}

interface ResponseHeader {
  description: string;
  schema: { type: 'integer' | 'string' };
}

/**
 * A JSON response that also carries headers worth documenting (e.g. X-Total-Count): the
 * headers ride on the schema's metadata, where @fastify/swagger reads them.
 */
export function withHeaders<Schema extends z.ZodType>(
  schema: Schema,
  description: string,
  headers: Record<string, ResponseHeader>,
): Schema {
  return schema.meta({
    description,
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, header]) => [
        name,
        { ...header.schema, description: header.description },
      ]),
    ),
  });
}

/**
 * A list page's answer: `schema` with the `X-Total-Count` header every paged list sends
 * (`counted` says what it counts).
 */
export function withTotalCount<Schema extends z.ZodType>(
  schema: Schema,
  description: string,
  counted: string,
): Schema {
  return withHeaders(schema, description, {
    'X-Total-Count': { description: counted, schema: { type: 'integer' } },
  });
}

/**
 * The route-level validator compiler of a route whose service validates the body itself:
 * params, querystring and headers are validated by their schemas as everywhere, while the
 * `body` schema only documents the body (in /api/openapi.json) — the body reaches the handler
 * as it arrived, so treat `request.body` as unknown and hand it to the service. The user
 * forms need this: their 400 carries the §5 headline and a message per field
 * (`fieldErrors`), checked with the phone rule the server is configured with.
 */
export function bodyValidatedByService<Schema>(
  route: Parameters<FastifySchemaCompiler<Schema>>[0],
): ReturnType<FastifySchemaCompiler<Schema>> {
  // `true`: valid, and Fastify leaves request.body as it is (no body stays undefined).
  if (route.httpPart === 'body') return () => true;
  return validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
}
