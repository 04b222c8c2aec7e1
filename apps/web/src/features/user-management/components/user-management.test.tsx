import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn, url } from '../../../../test/app-test-harness.js';
import {
  accountUser,
  emptyUserFormChoices,
  listedUser,
  managementContext,
} from '../../../../test/account-fixtures.js';
import { ERROR_CASES, problemResponse } from '../../../../test/error-cases.js';
import { catchLoginOn401, describePageLoadErrors } from '../../../../test/page-errors.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';

// Issue 15: the no-access page, the list and the §5 messages of the form (client and server).

const server = setUpAppTests();

const context = managementContext({ parentAccountName: 'Northwind Group Holding' });
const users = Array.from({ length: 20 }, (_, i) => listedUser(i));

/** The user profiles (roles) as the API offers an administrator who holds them all. */
const profiles = [
  { id: 'administrator', name: 'Administrator', permissions: ['NEWS', 'USERMANAGEMENT'] },
  { id: 'standard', name: 'Standard user', permissions: ['NEWS', 'SUPPORT'] },
  { id: 'read-only', name: 'Read only', permissions: ['NEWS'] },
];

const ada = accountUser({
  ...{ id: 'u-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
});

beforeEach(() => {
  server.use(
    http.get(url('/api/users/management'), () => HttpResponse.json(context)),
    http.get(url('/api/users'), () =>
      HttpResponse.json(users, { headers: { 'X-Total-Count': '45' } }),
    ),
    http.get(url('/api/users/profiles'), () => HttpResponse.json(profiles)),
    ...emptyUserFormChoices(),
    http.get(url('/api/content/labels/timezones'), () =>
      HttpResponse.json([{ key: 'Europe/Oslo', value: 'Europe/Oslo' }]),
    ),
    http.get(url('/api/users/countries-and-languages'), () => HttpResponse.json({})),
  );
});

describe('user management', () => {
  it('shows the no-access page when the API answers 403', async () => {
    server.use(http.get(url('/api/users/management'), () => problemResponse(403, 'No.')));
    await renderSignedIn('/user-management');
    expect(
      await screen.findByRole('heading', { name: 'No access to user management' }),
    ).toBeVisible();
  });

  it('lists 20 users with name, status badge and the shared pagination', async () => {
    await renderSignedIn('/user-management');
    const region = await screen.findByRole('region', { name: 'Users' });
    expect(await within(region).findByRole('link', { name: 'Last0, First0' })).toBeVisible();
    expect(within(region).getAllByRole('row')).toHaveLength(21);
    expect(within(region).getByText('Pending')).toBeVisible();
    expect(screen.getByText('1–20 of 45')).toBeVisible();
  });

  it('names the licence line, sizes the search to its hint and says the count where the list starts (issue 37)', async () => {
    await renderSignedIn('/user-management');
    const region = await screen.findByRole('region', { name: 'Users' });
    await within(region).findByRole('link', { name: 'Last0, First0' });
    // The licence figures under a name of their own, beside the account's.
    const licences = screen.getByText('Licences');
    expect(licences.tagName).toBe('DT');
    expect(licences.nextElementSibling?.textContent).toMatch(/of \d+ licences? in use/);
    // The search box is as wide as its hint (it showed "Name, e-mail or userna").
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    expect(search).toHaveAttribute('placeholder', 'Name, e-mail or username');
    expect((search as HTMLInputElement).size).toBeGreaterThanOrEqual(
      'Name, e-mail or username'.length,
    );
    // The count heads the list, not the export buttons' row.
    const count = screen.getByText('45 users');
    expect(count.closest('.um-actions')).toBeNull();
    expect(count.nextElementSibling).toBe(region);
  });

  it('shows each user as a card with labelled values on a phone (issue 37)', async () => {
    await renderSignedIn('/user-management');
    const region = await screen.findByRole('region', { name: 'Users' });
    await within(region).findByRole('link', { name: 'Last0, First0' });
    expect(within(region).getByRole('table')).toHaveClass('ui-card-table');
    const [, first] = within(region).getAllByRole('row');
    const labels = within(first!)
      .getAllByRole('cell')
      .map((cell) => cell.getAttribute('data-label'));
    expect(labels).toEqual([null, 'E-mail', 'Role', 'Status', 'Last login']);
  });

  it('shows the §5 headline and field messages, from the form and from the server, keeping input', async () => {
    const user = userEvent.setup();
    server.use(
      http.post(url('/api/users'), () =>
        problemResponse(409, 'This email address already exists. Please try another one.', {
          errors: { email: 'This email address already exists. Please try another one.' },
        }),
      ),
    );
    await renderSignedIn('/user-management/new');
    await screen.findByRole('heading', { name: 'New user' });
    await user.click(screen.getByRole('button', { name: 'Create and invite' }));
    expect(
      await screen.findByText(
        'Invalid data. Review all error messages below to correct your data.',
      ),
    ).toBeVisible();
    expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0);

    await user.type(screen.getByLabelText(/^First name/), 'Tove');
    await user.type(screen.getByLabelText(/^Last name/), 'Testesen');
    await user.type(screen.getByLabelText(/^E-mail/), 'taken@example.test');
    await user.type(screen.getByLabelText(/^Phone$/), '22 33');
    await user.click(screen.getByRole('button', { name: 'Create and invite' }));
    expect(
      await screen.findByText('Please enter the number in international format, e.g. +4722123456.'),
    ).toBeVisible();
    await user.clear(screen.getByLabelText(/^Phone$/));
    await user.type(screen.getByLabelText(/^Phone$/), '+4722334455');
    await user.click(screen.getByRole('button', { name: 'Create and invite' }));
    expect(
      await screen.findByText('This email address already exists. Please try another one.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Tove');
  });

  it('shows that the mail server refused the invitation (issue 24, ADR 0053)', async () => {
    const pending = accountUser({ status: 'Pending', invitationMail: 'failed' });
    server.use(
      http.get(url('/api/users/u-0'), () => HttpResponse.json(pending)),
      http.get(url('/api/users/u-0/audit'), () => HttpResponse.json([])),
    );
    await renderSignedIn('/user-management/u-0');
    expect(await screen.findByRole('status', { name: 'Invitation e-mail' })).toHaveTextContent(
      'Refused by the mail server. Check the e-mail address, then resend the invitation.',
    );
    expect(screen.getByRole('button', { name: 'Resend invitation' })).toBeVisible();
  });

  it('asks before deleting: Cancel keeps, Deactivate instead deactivates, Delete confirms on the list (issue 37)', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    let deleted = 0;
    server.use(
      http.get(url('/api/users/u-1'), () => HttpResponse.json(ada)),
      http.get(url('/api/users/u-1/audit'), () => HttpResponse.json([])),
      http.put(url('/api/users/u-1'), async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json({ ...ada, status: 'Inactive', version: 2 });
      }),
      http.delete(url('/api/users/u-1'), () => {
        deleted += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderSignedIn('/user-management/u-1');
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Lovelace, Ada?' });
    // Cancel has the focus: Enter never deletes by accident.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toHaveClass('ui-button--danger');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Lovelace, Ada?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate instead' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ active: false });
    expect(deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Lovelace, Ada?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
    expect(screen.getByText('Lovelace, Ada is deleted.')).toHaveAttribute('role', 'status');
    expect(deleted).toBe(1);
  });

  it('offers the learning roles of the user being edited (§6)', async () => {
    const edited = accountUser({ id: 'u-7', status: 'Active' });
    server.use(
      http.get(url(`/api/users/${edited.id}`), () => HttpResponse.json(edited)),
      http.get(url(`/api/users/${edited.id}/audit`), () => HttpResponse.json([])),
      // The API answers per user: only this user's level decides (another level: other roles).
      http.get(url('/api/users/learning-roles'), ({ request }) => {
        const userId = new URL(request.url).searchParams.get('userId');
        return HttpResponse.json(
          userId === edited.id
            ? [
                {
                  id: 'partner-consultant',
                  name: 'Partner consultant',
                  applicableSubscriptionLevel: ['PARTNER'],
                },
              ]
            : [{ id: 'key-user', name: 'Key user', applicableSubscriptionLevel: ['ADVANCED'] }],
        );
      }),
    );
    await renderSignedIn(`/user-management/${edited.id}`);
    const select = await screen.findByRole('combobox', { name: 'Learning role' });
    await waitFor(() =>
      expect(
        within(select).getByRole('option', { name: 'Partner consultant' }),
      ).toBeInTheDocument(),
    );
    expect(within(select).queryByRole('option', { name: 'Key user' })).toBeNull();
  });
});

// ADR 0056: the form offers what the API says the administrator may give, and sends it.
describe('roles, permissions and products from the option calls', () => {
  const products = [
    { id: 'p-erpx', contentId: 'c-erpx', productName: 'ERPx', slug: 'erpx' },
    { id: 'p-te', contentId: 'c-te', productName: 'T&E', slug: 'te' },
  ];
  const checkbox = (group: string, name: string) =>
    within(screen.getByRole('group', { name: group })).getByRole('checkbox', { name });

  it('creates a partner with a product: only the roles and permissions offered', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get(url('/api/users/profiles'), () =>
        HttpResponse.json([{ id: 'read-only', name: 'Read only', permissions: ['NEWS'] }]),
      ),
      http.get(url('/api/users/permissions'), () =>
        HttpResponse.json([
          { id: 'PARTNER', name: 'Partner' },
          { id: 'SALES', name: 'Sales' },
        ]),
      ),
      http.get(url('/api/users/products'), () => HttpResponse.json(products)),
      http.get(url('/api/users/administrators'), () =>
        HttpResponse.json([{ id: 'u-paul', fullName: 'Okafor, Paul', email: 'p@x.test' }]),
      ),
      http.post(url('/api/users'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(accountUser({ id: 'u-new', status: 'Pending' }), {
          status: 201,
        });
      }),
      http.get(url('/api/users/u-new'), () => HttpResponse.json(accountUser({ id: 'u-new' }))),
      http.get(url('/api/users/u-new/audit'), () => HttpResponse.json([])),
    );
    const user = userEvent.setup();
    await renderSignedIn('/user-management/new');
    const role = await screen.findByRole('combobox', { name: /^Role/ });
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Read only']);
    expect(
      screen.getByText('Administrators of this account: Okafor, Paul.', { exact: false }),
    ).toBeVisible();
    expect(checkbox('Permissions', 'Sales')).not.toBeChecked();
    await user.click(checkbox('Permissions', 'Partner'));
    await user.click(checkbox('Connected products', 'ERPx'));
    await user.type(screen.getByLabelText(/^First name/), 'Tove');
    await user.type(screen.getByLabelText(/^Last name/), 'Testesen');
    await user.type(screen.getByLabelText(/^E-mail/), 'tove@example.test');
    await user.click(screen.getByRole('button', { name: 'Create and invite' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      role: 'read-only',
      permissions: ['PARTNER'],
      productIds: ['p-erpx'],
    });
  });

  it('edits: keeps what the administrator may not give, shows the server’s refusal', async () => {
    const edited = accountUser({
      id: 'u-8',
      role: 'point-manager',
      permissions: ['NEWS', 'SUPPORT', 'SUPPORT_SERVICE_NOW', 'PARTNER', 'DOCEBO'],
      productIds: ['p-te'],
    });
    const sent: unknown[] = [];
    server.use(
      http.get(url(`/api/users/${edited.id}`), () => HttpResponse.json(edited)),
      http.get(url(`/api/users/${edited.id}/audit`), () => HttpResponse.json([])),
      http.get(url('/api/users/permissions'), () =>
        HttpResponse.json([{ id: 'DOCEBO', name: 'Learning platform' }]),
      ),
      http.get(url('/api/users/products'), () => HttpResponse.json(products)),
      http.put(url(`/api/users/${edited.id}`), async ({ request }) => {
        sent.push(await request.json());
        const message = 'You can only give the permissions you hold yourself.';
        return problemResponse(400, message, { errors: { permissions: message } });
      }),
    );
    const user = userEvent.setup();
    await renderSignedIn(`/user-management/${edited.id}`);
    // A role not offered stays the user's; a permission not the administrator's is kept.
    expect(await screen.findByRole('combobox', { name: /^Role/ })).toHaveDisplayValue(
      'Point manager',
    );
    expect(checkbox('Permissions', 'Partner')).toBeChecked();
    expect(checkbox('Permissions', 'Partner')).toBeDisabled();
    expect(checkbox('Connected products', 'T&E')).toBeChecked();
    await user.click(checkbox('Permissions', 'Learning platform'));
    await user.click(checkbox('Connected products', 'ERPx'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      role: 'point-manager',
      permissions: ['PARTNER'],
      productIds: ['p-te', 'p-erpx'],
    });
    expect(
      await within(screen.getByRole('group', { name: 'Permissions' })).findByText(
        'You can only give the permissions you hold yourself.',
      ),
    ).toBeVisible();
  });
});

// Issue 27: one §8 error path. The context, the list and the user are the page's data: an
// error shows the §8 text with a retry (never "User management…" for ever); a failed save
// shows the §8 text, a 400 the API's message.
describe('§8 errors on every call of user management', () => {
  const redirects = catchLoginOn401(server);

  describePageLoadErrors(
    server,
    redirects,
    [
      { call: '/api/users/management', path: '/user-management', title: 'User management' },
      { call: '/api/users', path: '/user-management', title: 'User management' },
      { call: '/api/users/u-1', path: '/user-management/u-1', title: 'Edit Lovelace, Ada' },
    ].map(({ title, ...call }) => ({
      ...call,
      ready: { name: title, level: 1 },
      handlers: [
        http.get(url('/api/users/u-1'), () => HttpResponse.json(ada)),
        http.get(url('/api/users/u-1/audit'), () => HttpResponse.json([])),
      ],
    })),
  );

  it.each(ERROR_CASES)(
    'POST /api/users $status: the §8 text in the form banner',
    async ({ answer, text }) => {
      server.use(http.post(url('/api/users'), answer));
      const user = userEvent.setup();
      await renderSignedIn('/user-management/new');
      await user.type(await screen.findByLabelText(/^First name/), 'Tove');
      await user.type(screen.getByLabelText(/^Last name/), 'Testesen');
      await user.type(screen.getByLabelText(/^E-mail/), 'tove@example.test');
      await user.click(screen.getByRole('button', { name: 'Create and invite' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    },
  );
});
