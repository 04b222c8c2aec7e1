import type { z } from 'zod';

/**
 * Typed domain errors. Services throw these; plugins/errors.ts maps each to its status and
 * answers `{ statusCode, error, message }`. Their messages reach the caller, so they must be
 * written for the caller (no SQL, no stack, no internals).
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
  /** Field name → message, for forms that show each next to its field (§5). */
  fieldErrors: Record<string, string> | undefined;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }

  withFieldErrors(fieldErrors: Record<string, string>): this {
    this.fieldErrors = fieldErrors;
    return this;
  }
}

/** 400: the caller sent something we cannot accept. */
export class BadRequestError extends DomainError {
  readonly statusCode = 400;
}

/**
 * A domain error its thrower may raise without a message: the class's `defaultMessage`
 * stands in.
 */
abstract class DomainErrorWithDefault extends DomainError {
  static readonly defaultMessage: string = '';

  constructor(message?: string, options?: ErrorOptions) {
    super(message ?? new.target.defaultMessage, options);
  }
}

/** 401: no valid bearer token. */
export class UnauthorizedError extends DomainErrorWithDefault {
  static override readonly defaultMessage = 'A valid bearer token is required.';
  readonly statusCode = 401;
}

/** 403: the caller is known but may not do this (checked against the caller's account). */
export class ForbiddenError extends DomainErrorWithDefault {
  static override readonly defaultMessage = 'You are not allowed to do this.';
  readonly statusCode = 403;
}

/** 404: the thing does not exist, or the caller may not know it exists. */
export class NotFoundError extends DomainErrorWithDefault {
  static override readonly defaultMessage = 'Not found.';
  readonly statusCode = 404;
}

/** 409: the request conflicts with the current state (e.g. a duplicate e-mail, §5). */
export class ConflictError extends DomainError {
  readonly statusCode = 409;
}

/** 412: the write was based on a version that has changed since (If-Match). */
export class PreconditionFailedError extends DomainError {
  readonly statusCode = 412;
}

/** 428: a write that must say which version it is based on (If-Match) did not. */
export class PreconditionRequiredError extends DomainError {
  readonly statusCode = 428;
}

/** 429: too many attempts (rate limits); the errors plugin sends `Retry-After` when known. */
export class TooManyRequestsError extends DomainError {
  readonly statusCode = 429;
  constructor(
    message = 'Too many requests. Please try again later.',
    readonly retryAfterSeconds?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * A form's body as `schema` reads it; else a 400 whose message is the form's `headline`, with
 * one message per field (§5): the first issue of each, a whole-form issue under `form`.
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  body: unknown,
  headline: string,
): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues)
    fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
  throw new BadRequestError(headline).withFieldErrors(fieldErrors);
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
