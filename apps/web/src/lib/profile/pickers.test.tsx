import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, shellAs, url } from '../../../test/app-test-harness.js';
import { managementContext, ownSettings } from '../../../test/account-fixtures.js';
import { setupTestServer } from '../../../test/msw.js';
import { resetPageAroundEach } from '../../../test/page-lifecycle.js';

// Issue 27: the pickers of My settings and the user form speak the user's language: time zones
// by their localized names, every ISO 3166 country by its name in that language, and each
// language by its own capitalised name. A German user here; the server sends IANA ids and the
// English names of before, so what the pickers show is the app's doing.

const server = setupTestServer(
  ...shellAs({ language: 'de', permissions: ['NEWS', 'SUPPORT', 'USERMANAGEMENT'] }),
);
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const settings = ownSettings({ language: 'de', timeZone: 'Europe/Berlin' });

const zones = ['America/New_York', 'Europe/Berlin', 'Europe/Oslo', 'UTC'].map((key) => ({
  key,
  value: key.replaceAll('_', ' '),
}));

resetPageAroundEach();
beforeEach(() => {
  server.use(
    http.get(url('/api/users/me/settings'), () =>
      HttpResponse.json(settings, { headers: { ETag: '"v3"' } }),
    ),
    http.get(url('/api/content/labels/timezones'), () => HttpResponse.json(zones)),
    http.get(url('/api/users/management'), () => HttpResponse.json(managementContext())),
    http.get(url('/api/users/profiles'), () => HttpResponse.json([])),
    http.get(url('/api/users/permissions'), () => HttpResponse.json([])),
    http.get(url('/api/users/products'), () => HttpResponse.json([])),
    http.get(url('/api/users/administrators'), () => HttpResponse.json([])),
    http.get(url('/api/users/billing-platform-roles'), () =>
      HttpResponse.json([{ id: 'buyer', name: 'Buyer' }]),
    ),
    http.get(url('/api/users/learning-roles'), () =>
      HttpResponse.json([
        { id: 'key-user', name: 'Key user', applicableSubscriptionLevel: ['ADVANCED'] },
      ]),
    ),
    // German labels for the roles: the names the form shows are labels, not the server's.
    http.get(url('/api/content/labels/cpplabels'), () =>
      HttpResponse.json([
        { key: 'user-management.billing-platform-role.buyer', value: 'Einkäufer' },
        { key: 'user-management.learning-role.key-user', value: 'Key-User' },
      ]),
    ),
    // The server's language names of before: English, lower case.
    http.get(url('/api/users/countries-and-languages'), () =>
      HttpResponse.json({
        es_ES: {
          country: { code: 'ES', name: 'Spain' },
          language: { code: 'es', name: 'Spanish' },
        },
        no_NO: { country: { code: 'NO', name: 'Norway' }, language: { code: 'no', name: 'norsk' } },
        pl_PL: {
          country: { code: 'PL', name: 'Poland' },
          language: { code: 'pl', name: 'polski' },
        },
      }),
    ),
  );
});

/** The select whose options include `value`. */
function selectWith(value: string): HTMLSelectElement {
  const select = screen
    .getAllByRole('combobox')
    .filter((s): s is HTMLSelectElement => s instanceof HTMLSelectElement)
    .find((s) => [...s.options].some((o) => o.value === value));
  if (!select) throw new Error(`no picker offers ${value}`);
  return select;
}

const optionText = (select: HTMLSelectElement, value: string): string =>
  [...select.options].find((o) => o.value === value)?.textContent ?? '';

/**
 * The time-zone combobox's options for what is typed into it (issue 37: a searchable picker).
 * The labels are the English defaults here; the zone names follow the profile's language.
 */
async function zonesFor(typed: string): Promise<string[]> {
  const user = userEvent.setup();
  const zone = screen.getByRole('combobox', { name: /Time zone/ });
  await user.clear(zone);
  await user.type(zone, typed);
  return within(screen.getByRole('listbox', { name: /Time zone/ }))
    .getAllByRole('option')
    .map((o) => o.textContent);
}

/** Node's and jsdom's ICU may word a zone slightly differently: the German words, the place. */
function expectGermanBerlin(text: string): void {
  expect(text).toMatch(/^Mitteleuropäische (Normal)?[Zz]eit \(Berlin\)$/);
}

describe('pickers in the user’s language (issue 27)', () => {
  it('My settings: German time-zone names and each language in its own name', async () => {
    await renderSignedIn('/my-settings');
    const zone = await screen.findByRole('combobox', { name: /Time zone/ });
    await waitFor(() => expect((zone as HTMLInputElement).value).toMatch(/\(Berlin\)$/));
    expectGermanBerlin((zone as HTMLInputElement).value);
    const [newYork] = await zonesFor('New York');
    expect(newYork).toMatch(/ \(New York\)$/);
    expect(newYork).not.toBe('America/New York');
    expect(await zonesFor('Weltzeit')).toEqual(['Koordinierte Weltzeit']);

    const language = selectWith('pl');
    for (const name of ['Español', 'Norsk', 'Polski', 'Deutsch', 'English']) {
      expect(within(language).getByRole('option', { name })).toBeInTheDocument();
    }
  });

  it('the user form: German zones, the full country list in German, languages and roles', async () => {
    await renderSignedIn('/user-management/new');
    await waitFor(() => expect(() => selectWith('DE')).not.toThrow());
    const [berlin] = await zonesFor('Berlin');
    expectGermanBerlin(berlin ?? '');

    const country = selectWith('DE');
    const countries = [...country.options].filter((o) => o.value !== '');
    expect(countries.length).toBeGreaterThanOrEqual(240);
    expect(optionText(country, 'DE')).toBe('Deutschland');
    expect(optionText(country, 'US')).toBe('Vereinigte Staaten');
    expect(optionText(country, 'ES')).toBe('Spanien');

    const language = selectWith('pl');
    expect(optionText(language, 'es')).toBe('Español');
    expect(optionText(language, 'no')).toBe('Norsk');
    expect(optionText(language, 'pl')).toBe('Polski');

    expect(optionText(selectWith('buyer'), 'buyer')).toBe('Einkäufer');
    expect(optionText(selectWith('key-user'), 'key-user')).toBe('Key-User');
  });
});
