import {
  accountUserInputOf,
  emptyAccountUserInput,
  type AccountUser,
  type AccountUserInput,
} from '@portico/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The input without its lists (permissions, products): absent, they stay as they are. */
function withoutLists(input: AccountUserInput): AccountUserInput {
  const copy = { ...input };
  delete copy.permissions;
  delete copy.productIds;
  return copy;
}

/**
 * The body of POST /api/users for a new user of the caller's account: every field filled in,
 * `over` changing what a test is about (e.g. the address an invitation goes to).
 */

export function newUserInput(over: Partial<AccountUserInput> = {}): AccountUserInput {
  return {
    ...withoutLists(emptyAccountUserInput('Europe/Oslo')),
    firstName: 'Ola',
    lastName: 'Nordmann',
    email: 'ola.nordmann@northwind.test',
    username: 'olanordmann',
    address: 'Karl Johans gate 1',
    city: 'Oslo',
    postalCode: '0154',
    country: 'NO',
    phone: '+4722123456',
    learningRole: 'learner',
    ...over,
  };
}

/**
 * The body of PUT /api/users/:id that saves a user as it is (what the form sends back),
 * without the lists: absent, they stay as they are.
 */
export function inputOf(user: AccountUser): AccountUserInput {
  return withoutLists(accountUserInputOf(user));
}

/** POST /api/users of `input` as the caller of `headers`; the caller judges the answer. */
export function postUser(
  app: FastifyInstance,
  headers: Record<string, string>,
  input: object,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/users', headers, payload: input });
}

/**
 * Creates a user through POST /api/users as the caller of `headers` (which also enqueues the
 * invitation mail) and returns the new user's id.
 */
export async function createUser(
  app: FastifyInstance,
  headers: Record<string, string>,
  over: Partial<AccountUserInput>,
): Promise<string> {
  const created = await postUser(app, headers, newUserInput(over));
  if (created.statusCode !== 201) {
    throw new Error(`POST /api/users answered ${created.statusCode}: ${created.body}`);
  }
  return created.json<{ id: string }>().id;
}
