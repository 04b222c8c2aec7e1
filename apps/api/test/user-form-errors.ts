import { fieldErrorsOf, problemSchema, userFormMessages } from '@portico/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** The answer is the user form's 400: the §5 headline and exactly these messages per field. */
export function expectUserFormErrors(
  res: LightMyRequestResponse,
  messages: Record<string, string>,
): void {
  expect(res.statusCode, res.body).toBe(400);
  const problem = problemSchema.parse(res.json());
  expect(problem.detail).toBe(userFormMessages.invalidData);
  expect(fieldErrorsOf(problem)).toEqual(messages);
}

/** The answer has status `status` and exactly these messages on its fields; `what` names it. */
export function expectFieldErrors(
  res: LightMyRequestResponse,
  status: number,
  messages: Record<string, string>,
  what = '',
): void {
  expect(res.statusCode, `${what} ${res.body}`).toBe(status);
  expect(fieldErrorsOf(problemSchema.parse(res.json()))).toEqual(messages);
}
