import type { UserAuditEntry } from '@portico/contracts';
import { catalogFor } from '@portico/locales/catalogs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn, shellAs, url } from '../../../../test/app-test-harness.js';
import {
  accountUser,
  emptyUserFormChoices,
  managementContext,
} from '../../../../test/account-fixtures.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';

// Issue 37: the change history labelled as the form is, in the viewer's language, and the
// searchable time-zone picker with the account's zone as a new user's default.

const server = setUpAppTests();

const ZONES = ['Europe/Oslo', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Karachi', 'America/New_York'];

const ada = accountUser({
  ...{ id: 'u-1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.test' },
  ...{ timeZone: 'Asia/Kolkata', role: 'administrator', status: 'Inactive', version: 3 },
  permissions: ['NEWS', 'USERMANAGEMENT'],
});

/** What the audit of ada answers: a change with noise among the fields (issue 37). */
const audit: UserAuditEntry[] = [
  {
    id: 2,
    at: '2026-01-15T14:05:00.000Z',
    actorName: 'Lindqvist, Anna',
    action: 'updated',
    changes: [
      { field: 'firstName', before: 'Test', after: 'Tested' },
      { field: 'timeZone', before: 'Europe/Oslo', after: 'Asia/Kolkata' },
      { field: 'fax', before: '', after: '' },
      { field: 'phone', before: '', after: [] },
      { field: 'role', before: 'standard', after: 'administrator' },
      { field: 'permissions', before: [], after: ['PARTNER', 'INVOICES'] },
      { field: 'status', before: 'Active', after: 'Inactive' },
    ],
  },
  {
    id: 1,
    at: '2026-01-10T09:00:00.000Z',
    actorName: 'Lindqvist, Anna',
    action: 'created',
    changes: [{ field: 'fax', before: '', after: '' }],
  },
];

beforeEach(() => {
  server.use(
    http.get(url('/api/users/management'), () =>
      HttpResponse.json(managementContext({ timeZone: 'Asia/Kolkata' })),
    ),
    http.get(url('/api/users/profiles'), () =>
      HttpResponse.json([
        { id: 'administrator', name: 'Administrator', permissions: ['USERMANAGEMENT'] },
        { id: 'standard', name: 'Standard user', permissions: ['NEWS'] },
      ]),
    ),
    ...emptyUserFormChoices(),
    http.get(url('/api/content/labels/timezones'), () =>
      HttpResponse.json(ZONES.map((key) => ({ key, value: key }))),
    ),
    http.get(url('/api/users/countries-and-languages'), () => HttpResponse.json({})),
    http.get(url('/api/users/u-1'), () => HttpResponse.json(ada)),
    http.get(url('/api/users/u-1/audit'), () => HttpResponse.json(audit)),
  );
});

describe('the change history (issue 37)', () => {
  it('reads in German: the form’s labels, role and status names, zones by name, lists, no empty noise', async () => {
    server.use(
      ...shellAs(
        { language: 'de', timeZone: 'Europe/Berlin' },
        { labels: Object.entries(catalogFor('web', 'de')).map(([key, value]) => ({ key, value })) },
      ),
    );
    await renderSignedIn('/user-management/u-1');
    const history = await screen.findByRole('region', { name: 'Änderungen' });
    await within(history).findByText(/Geändert/);
    const entries = within(history)
      .getAllByRole('listitem')
      .filter((li) => li.querySelector('ul'));
    const changes = within(entries[0]!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(changes).toEqual([
      'Vorname: Test → Tested',
      'Zeitzone: Mitteleuropäische Zeit (Oslo) → Indische Normalzeit (Kolkata)',
      'Rolle: Standardbenutzer → Administrator',
      'Berechtigungen: (leer) → Partner und Rechnungen',
      'Status: Aktiv → Inaktiv',
    ]);
    // The entry: when (the viewer's zone: 15:05 in Berlin), who, and the action in German.
    expect(entries[0]).toHaveTextContent(/15:05.* · Lindqvist, Anna · Geändert/);
    // The creation's only "change" was empty to empty: no list under it.
    expect(within(history).getByText(/Lindqvist, Anna · Angelegt/).nextSibling).toBeNull();
    expect(history).not.toHaveTextContent(/Fax|null|first_name|"/);
  });
});

describe('the time-zone picker (issue 37)', () => {
  it('starts a new user on the account’s zone and finds a zone by typing, by keyboard alone', async () => {
    const user = userEvent.setup();
    await renderSignedIn('/user-management/new');
    const zone = await screen.findByRole('combobox', { name: /Time zone/ });
    expect(zone).toHaveValue('India Standard Time (Kolkata)');
    expect(zone).toHaveAttribute('aria-expanded', 'false');

    zone.focus();
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox', { name: /Time zone/ });
    // Grouped by offset, west to east: New York, Europe, Karachi, Kolkata.
    expect(within(listbox).getAllByRole('group')).toHaveLength(4);
    expect(within(listbox).getByRole('group', { name: 'GMT+05:30' })).toHaveTextContent(
      'India Standard Time (Kolkata)',
    );

    await user.keyboard('{Escape}');
    await user.clear(zone);
    await user.keyboard('berl');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Central European Time (Berlin)']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(zone).toHaveValue('Central European Time (Berlin)');
    expect(zone).toHaveAttribute('aria-expanded', 'false');

    // Tab away mid-search keeps the chosen zone.
    await user.clear(zone);
    await user.keyboard('Kolk');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await user.tab();
    expect(zone).toHaveValue('Central European Time (Berlin)');
  });
});
