import type { SubscriptionList, UserProfile } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoProfile, renderSignedIn, url } from '../../../../test/app-test-harness.js';
import { ownSettings } from '../../../../test/account-fixtures.js';
import { ERROR_CASES, problemResponse } from '../../../../test/error-cases.js';
import { catchLoginOn401, describePageLoadErrors } from '../../../../test/page-errors.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';

// Issue 12: My settings (own profile, language switch without reload) and e-mail subscriptions.

const server = setUpAppTests();

const settings = ownSettings();

const subscriptions: SubscriptionList = [
  { topic: 'general-news', productId: null, productName: null, frequency: 'off' },
  { topic: 'product-news', productId: 'c-erpx', productName: 'erpx', frequency: 'off' },
  { topic: 'release-notes', productId: 'c-erpx', productName: 'erpx', frequency: 'off' },
  { topic: 'cloud-maintenance', productId: null, productName: null, frequency: 'off' },
  { topic: 'support-cases', productId: null, productName: null, frequency: 'immediately' },
];

let profile: UserProfile;

beforeEach(() => {
  profile = { ...demoProfile, timeZone: 'Europe/Oslo' };
  server.use(
    http.get(url('/api/users/me'), () => HttpResponse.json(profile)),
    http.get(url('/api/users/me/settings'), () =>
      HttpResponse.json(settings, { headers: { ETag: '"v3"' } }),
    ),
    http.get(url('/api/content/labels/timezones'), () =>
      HttpResponse.json([
        { key: 'Europe/Oslo', value: 'Oslo' },
        { key: 'America/New_York', value: 'New York' },
      ]),
    ),
    http.get(url('/api/content/labels/cpplabels'), ({ request }) =>
      HttpResponse.json(
        new URL(request.url).searchParams.get('language') === 'de'
          ? [
              { key: 'my-settings.title', value: 'Meine Einstellungen' },
              { key: 'my-settings.save', value: 'Speichern' },
            ]
          : [],
      ),
    ),
    http.get(url('/api/subscriptions'), () => HttpResponse.json(subscriptions)),
  );
});

describe('my settings', () => {
  it('shows e-mail and account read-only and switches the whole UI to German on save', async () => {
    let sent: unknown;
    let ifMatch: string | null = null;
    server.use(
      http.put(url('/api/users/me'), async ({ request }) => {
        sent = await request.json();
        ifMatch = request.headers.get('if-match');
        profile = { ...profile, language: 'de' };
        return HttpResponse.json(profile, { headers: { ETag: '"v4"' } });
      }),
    );
    const user = userEvent.setup();
    await renderSignedIn('/my-settings');
    expect(await screen.findByRole('heading', { name: 'My settings', level: 1 })).toBeVisible();
    expect(await screen.findByLabelText('E-mail')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Account')).toHaveValue('Northwind Logistics AS');
    const language = screen.getByRole('combobox', { name: /Language/ });
    expect(within(language).getByRole('option', { name: 'Deutsch' })).toBeInTheDocument();
    await user.selectOptions(language, 'de');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByRole('heading', { name: 'Meine Einstellungen', level: 1 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeVisible();
    expect(sent).toMatchObject({ language: 'de', firstName: 'Anna', timeZone: 'Europe/Oslo' });
    expect(ifMatch).toBe('"v3"');
    expect(document.documentElement.lang).toBe('de');
  });

  it('shows the user form’s messages, from the client check and from the server', async () => {
    server.use(
      http.put(url('/api/users/me'), () =>
        problemResponse(
          400,
          'Invalid data. Review all error messages below to correct your data.',
          {
            errors: {
              mobile: 'Please enter the number in international format, e.g. +4722123456.',
            },
          },
        ),
      ),
    );
    const user = userEvent.setup();
    await renderSignedIn('/my-settings');
    const first = await screen.findByRole('textbox', { name: /First name/ });
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeVisible();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    await user.type(first, 'Anna');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Please enter the number in international format, e.g. +4722123456.'),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid data.');
  });

  it('shows the saved time zone when the zone list arrives after the form', async () => {
    server.use(
      http.get(url('/api/content/labels/timezones'), async () => {
        await delay(400);
        return HttpResponse.json([
          { key: 'America/New_York', value: 'New York' },
          { key: 'Europe/Oslo', value: 'Oslo' },
        ]);
      }),
    );
    const user = userEvent.setup();
    await renderSignedIn('/my-settings');
    const zone = await screen.findByRole('combobox', { name: /Time zone/ });
    expect(zone).toHaveValue('Central European Time (Oslo)');
    await user.click(zone);
    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(2);
  });

  it('finds a zone by typing and saves it by keyboard, with the same picker as user management (issue 37)', async () => {
    let sent: unknown;
    server.use(
      http.get(url('/api/content/labels/timezones'), () =>
        HttpResponse.json(
          ['Europe/Oslo', 'Asia/Kolkata', 'Asia/Karachi', 'America/New_York'].map((key) => ({
            key,
            value: key,
          })),
        ),
      ),
      http.put(url('/api/users/me'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(profile, { headers: { ETag: '"v4"' } });
      }),
    );
    const user = userEvent.setup();
    await renderSignedIn('/my-settings');
    const zone = await screen.findByRole('combobox', { name: /Time zone/ });
    await user.click(zone);
    await user.clear(zone);
    await user.keyboard('Kolk');
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['India Standard Time (Kolkata)']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(zone).toHaveValue('India Standard Time (Kolkata)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toMatchObject({ timeZone: 'Asia/Kolkata' }));
  });

  it('shows the current time in the profile’s time zone', async () => {
    profile = { ...profile, timeZone: 'America/New_York' };
    await renderSignedIn('/my-settings');
    const expected = new Intl.DateTimeFormat('en', {
      timeStyle: 'short',
      timeZone: 'America/New_York',
    }).format(new Date());
    expect(
      await screen.findByText(new RegExp(`Your time now: .*${expected.replace(/\s/g, '.')}`)),
    ).toBeVisible();
  });
});

describe('e-mail subscriptions', () => {
  it('lists every topic with its frequency and saves the choices', async () => {
    let sent: unknown;
    server.use(
      http.post(url('/api/subscriptions'), async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          subscriptions.map((s) => (s.topic === 'general-news' ? { ...s, frequency: 'daily' } : s)),
        );
      }),
    );
    const user = userEvent.setup();
    await renderSignedIn('/my-settings/subscriptions#general-news');
    const general = await screen.findByRole('group', { name: 'General news' });
    expect(screen.getByRole('group', { name: 'Product news: erpx' })).toBeVisible();
    expect(within(general).getByRole('radio', { name: 'Off' })).toBeChecked();
    await waitFor(() => expect(within(general).getByRole('radio', { name: 'Off' })).toHaveFocus());
    await user.click(within(general).getByRole('radio', { name: 'Daily digest' }));
    await user.click(screen.getByRole('button', { name: 'Save subscriptions' }));
    await waitFor(() =>
      expect(sent).toMatchObject({
        subscriptions: expect.arrayContaining([
          { topic: 'general-news', productId: null, frequency: 'daily' },
          { topic: 'product-news', productId: 'c-erpx', frequency: 'off' },
        ]) as unknown,
      }),
    );
    expect(await screen.findByText('Your subscriptions are saved.')).toBeVisible();
  });
});

// Issue 27: one §8 error path. A page whose data failed shows the §8 text and a retry (never
// an endless loading text); a failed save or action shows the §8 text, a 400 the API's message.
describe('§8 errors on every call of My settings', () => {
  const redirects = catchLoginOn401(server);

  describePageLoadErrors(server, redirects, [
    {
      call: '/api/users/me/settings',
      path: '/my-settings',
      ready: { name: 'My profile', level: 2 },
    },
    {
      call: '/api/subscriptions',
      path: '/my-settings/subscriptions',
      ready: { name: 'E-mail subscriptions', level: 2 },
    },
  ]);

  it.each(ERROR_CASES)(
    'PUT /api/users/me $status: the §8 text in the form banner',
    async ({ answer, text }) => {
      server.use(http.put(url('/api/users/me'), answer));
      const user = userEvent.setup();
      await renderSignedIn('/my-settings');
      await user.click(await screen.findByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    },
  );

  it.each(ERROR_CASES)('POST /api/subscriptions $status: the §8 text', async ({ answer, text }) => {
    server.use(http.post(url('/api/subscriptions'), answer));
    const user = userEvent.setup();
    await renderSignedIn('/my-settings/subscriptions');
    await user.click(await screen.findByRole('button', { name: 'Save subscriptions' }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(screen.queryByText('Your subscriptions are saved.')).toBeNull();
  });

  it.each(ERROR_CASES)(
    'POST /api/users/me/sign-out-everywhere $status: the §8 notification',
    async ({ answer, text }) => {
      server.use(http.post(url('/api/users/me/sign-out-everywhere'), answer));
      const user = userEvent.setup();
      await renderSignedIn('/my-settings');
      await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
      await user.click(await screen.findByRole('button', { name: 'Sign out on all devices' }));
      expect(await screen.findByText(text)).toBeVisible();
    },
  );
});
