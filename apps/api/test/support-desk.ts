import { supportFrameTokenSchema } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearerFor } from './tokens.js';

/** A frame token of the user, as the SPA asks for one before it opens the desk's frame. */
export async function frameTokenOf(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/support/frame-token',
    headers: { authorization: `Bearer ${await bearerFor(app, email)}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return supportFrameTokenSchema.parse(res.json()).token;
}

/**
 * Opens the desk's `page` as the SPA's frame does: the user's frame token swapped for the desk
 * cookie, with a 303 back to the page. Returns the cookie ("name=value").
 */
export async function openDesk(
  app: FastifyInstance,
  email: string,
  page: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const started = await app.inject({
    method: 'GET',
    url: `/support-desk/${page}?t=${await frameTokenOf(app, email)}`,
    headers,
  });
  expect(started.statusCode).toBe(303);
  const setCookie = started.headers['set-cookie'];
  return String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';', 1)[0] ?? '';
}
