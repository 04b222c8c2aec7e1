import { http, HttpResponse, type JsonBodyType } from 'msw';
import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../labels/i18n.js';
import { useNotificationStore } from '../notifications/notification-store.js';
import { setupTestServer } from '../../../test/msw.js';
import { TEST_ORIGIN, installTestConfig } from '../../../test/test-config.js';
import { catalogueEntry } from './error-catalogue.js';
import { handleFailure } from './failure-handling.js';
import { httpGet } from './http-client.js';
import { HttpError } from './http-error.js';

const server = setupTestServer();
const schema = z.object({ ok: z.boolean() });
const WENT_WRONG =
  'Something went wrong. Please send an email to help@portico.example if the situation persists.';

beforeEach(() => {
  installTestConfig({ contactEmail: 'help@portico.example' });
  useNotificationStore.getState().clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  i18n.removeResourceBundle('en', 'server');
});

const answering = (status: number, body: JsonBodyType = problem(status, 'server words')) =>
  http.get(`${TEST_ORIGIN}/api/thing`, () =>
    HttpResponse.json(body, { status, headers: { 'Content-Type': 'application/problem+json' } }),
  );

function problem(status: number, detail: string) {
  return { type: 'about:blank', title: 'x', status, detail };
}

/** The client throws; the one §8 handler (ADR 0065) shows it: what the user sees. */
async function failureShown() {
  const failure = await httpGet('/api/thing', schema).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(HttpError); // the client never resolves a failure
  handleFailure(failure);
  const notification = useNotificationStore.getState().notification;
  return {
    type: notification?.type,
    content: notification?.content,
    persistent: notification?.persistent,
  };
}

/** Calls the API through the client, answered with `status`, and returns what the user sees. */
async function shown(status: number) {
  server.use(answering(status));
  return failureShown();
}

describe('§8 error catalogue', () => {
  it('401: session expired, as information', async () => {
    // The 401 also starts login; its redirect is not the subject here.
    const { browserRedirect } = await import('../auth/browser-redirect.js');
    vi.spyOn(browserRedirect, 'to').mockImplementation(() => undefined);
    server.use(
      http.get(`${TEST_ORIGIN}/oidc/.well-known/openid-configuration`, () =>
        HttpResponse.json({}, { status: 503 }),
      ),
    );
    await expect(shown(401)).resolves.toEqual({
      type: 'information',
      content: 'Your session has expired. Redirecting to login...',
      persistent: false,
    });
    await vi.waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        'Sign-in could not be started after a 401',
        expect.any(Error),
      ),
    );
  });

  it.each([403, 404, 500])(
    '%i: something went wrong with the contact address, as error',
    async (status) => {
      await expect(shown(status)).resolves.toEqual({
        type: 'error',
        content: WENT_WRONG,
        persistent: false,
      });
    },
  );

  it('408: timed out, as error', async () => {
    await expect(shown(408)).resolves.toEqual({
      type: 'error',
      content: 'Request has timed out. Please try again later.',
      persistent: false,
    });
  });

  it('429: the search budget is spent, wait a minute, as information (ADR 0061)', async () => {
    await expect(shown(429)).resolves.toEqual({
      type: 'information',
      content: 'You have searched too often in a short time. Please wait a minute and try again.',
      persistent: false,
    });
  });

  it("400 with a caller message: that message (the problem's detail)", async () => {
    server.use(
      answering(400, problem(400, 'This email address already exists. Please try another one.')),
    );
    await expect(failureShown()).resolves.toMatchObject({
      type: 'error',
      content: 'This email address already exists. Please try another one.',
    });
  });

  it('400 without a caller message (no problem details): the 500 text', async () => {
    server.use(answering(400, { something: 'else' }));
    await expect(failureShown()).resolves.toMatchObject({ type: 'error', content: WENT_WRONG });
  });

  it.each([405, 409, 418, 422, 502, 503, 504])('%i (any other): the 500 text', async (status) => {
    await expect(shown(status)).resolves.toMatchObject({ type: 'error', content: WENT_WRONG });
  });

  it('no answer at all (network failure): the 500 text', async () => {
    server.use(http.get(`${TEST_ORIGIN}/api/thing`, () => HttpResponse.error()));
    await expect(failureShown()).resolves.toMatchObject({ content: WENT_WRONG });
  });

  it('texts come from labels errormessage.* when the server has them, with {email} filled in', async () => {
    i18n.addResourceBundle('en', 'server', {
      'errormessage.404': 'Not here. Write to {email}.',
      'errormessage.408': 'Too slow.',
      'errormessage.500': 'Broken, ask {{email}}.',
    });
    await expect(shown(404)).resolves.toMatchObject({
      content: 'Not here. Write to help@portico.example.',
    });
    await expect(shown(408)).resolves.toMatchObject({ content: 'Too slow.' });
    await expect(shown(500)).resolves.toMatchObject({
      content: 'Broken, ask help@portico.example.',
    });
    await expect(shown(503)).resolves.toMatchObject({
      content: 'Broken, ask help@portico.example.',
    });
    // An unlabelled row keeps its default.
    await expect(shown(403)).resolves.toMatchObject({ content: WENT_WRONG });
  });

  it('maps errors that are not HTTP answers to the 500 text', () => {
    expect(catalogueEntry(new Error('boom'))).toEqual({ type: 'error', content: WENT_WRONG });
    expect(catalogueEntry(new HttpError(408, null, 'timeout')).content).toBe(
      'Request has timed out. Please try again later.',
    );
  });
});
