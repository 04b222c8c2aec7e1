import { HttpResponse } from 'msw';

/** The statuses every feature call is tested with (issue 27: one §8 error path). */
export const ERROR_STATUSES = [400, 408, 401, 500] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** What the API's message is in a 400 answer; §8 shows it as given. */
export const BAD_REQUEST_MESSAGE = 'The API refused this request for a reason of its own.';

/**
 * An API error answer as the API sends every one (RFC 9457 problem details, ADR 0065):
 * `application/problem+json` with type, title, status, detail and, for a form, `errors`.
 */
export function problemResponse(
  status: number,
  detail: string,
  options: {
    errors?: Record<string, string>;
    type?: string;
    headers?: Record<string, string>;
  } = {},
) {
  const type =
    options.type ??
    (status === 400 ? 'https://portico.example/problems/validation' : 'about:blank');
  const errors = options.errors
    ? Object.entries(options.errors).map(([field, message]) => ({ field, message }))
    : undefined;
  return HttpResponse.json(
    { type, title: 'Error', status, detail, ...(errors ? { errors } : {}) },
    { status, headers: { 'Content-Type': 'application/problem+json', ...options.headers } },
  );
}

/** An API error answer with the status. */
export function errorResponse(status: ErrorStatus) {
  return problemResponse(
    status,
    status === 400 ? BAD_REQUEST_MESSAGE : 'Internal words that must not show.',
  );
}

/** The §8 text a user sees for the status (test config's contact e-mail). */
export const CATALOGUE_TEXT: Record<ErrorStatus, string> = {
  400: BAD_REQUEST_MESSAGE,
  401: 'Your session has expired. Redirecting to login...',
  408: 'Request has timed out. Please try again later.',
  500: 'Something went wrong. Please send an email to support@portico.test if the situation persists.',
};

/**
 * The §8 cases of a call, for `it.each(ERROR_CASES)('… $status …', ({ answer, text }) => …)`:
 * each status with the API's answer and the text the user then sees.
 */
export const ERROR_CASES = ERROR_STATUSES.map((status) => ({
  status,
  answer: () => errorResponse(status),
  text: CATALOGUE_TEXT[status],
}));
