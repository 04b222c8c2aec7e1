import type { AccountUser, AccountUserInput } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The body of POST /api/users for a new user of the caller's account: every field filled in,
 * `over` changing what a test is about (e.g. the address an invitation goes to).
 */
export function newUserInput(over: Partial<AccountUserInput> = {}): AccountUserInput {
  return {
    firstName: 'Ola',
    lastName: 'Nordmann',
    email: 'ola.nordmann@northwind.test',
    username: 'olanordmann',
    language: 'en',
    timeZone: 'Europe/Oslo',
    address: 'Karl Johans gate 1',
    billingAddress: '',
    shippingAddress: '',
    city: 'Oslo',
    postalCode: '0154',
    country: 'NO',
    phone: '+4722123456',
    mobile: '',
    fax: '',
    phoneExtension: '',
    hotlineCode: '',
    website: '',
    role: 'standard',
    c4uRole: 'none',
    billingPlatformRole: '',
    learningRole: 'learner',
    active: true,
    ...over,
  };
}

/** The body of PUT /api/users/:id that saves a user as it is (what the form sends back). */
export function inputOf(user: AccountUser): AccountUserInput {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    username: user.username,
    language: user.language,
    timeZone: user.timeZone,
    address: user.address,
    billingAddress: user.billingAddress,
    shippingAddress: user.shippingAddress,
    city: user.city,
    postalCode: user.postalCode,
    country: user.country,
    phone: user.phone,
    mobile: user.mobile,
    fax: user.fax,
    phoneExtension: user.phoneExtension,
    hotlineCode: user.hotlineCode,
    website: user.website,
    role: user.role,
    c4uRole: user.c4uRole,
    billingPlatformRole: user.billingPlatformRole,
    learningRole: user.learningRole,
    active: user.status !== 'Inactive',
  };
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
  const created = await app.inject({
    method: 'POST',
    url: '/api/users',
    headers,
    payload: newUserInput(over),
  });
  if (created.statusCode !== 201) {
    throw new Error(`POST /api/users answered ${created.statusCode}: ${created.body}`);
  }
  return created.json<{ id: string }>().id;
}
