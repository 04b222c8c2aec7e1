// The account picker (issue 37, ADR 0070) on its own: a combobox that searches, works by
// keyboard, offers the recently used accounts first and says when nothing matches.
import type { AccountChoice, UserType } from '@portico/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../config/runtime-config.js';
import { setupTestServer } from '../../../test/msw.js';
import { installTestConfig, TEST_ORIGIN } from '../../../test/test-config.js';
import { AccountPicker } from './account-picker.js';

const OWN = { id: 'acc-portico', name: 'Portico Software B.V.' };
const ALL: AccountChoice[] = [
  { id: 'acc-brightwater', name: 'Brightwater Housing Association' },
  { id: 'acc-kestrel', name: 'Kestrel Aerospace GmbH' },
  { id: 'acc-meridian', name: 'Meridian Consulting Group Ltd' },
  { id: 'acc-northwind', name: 'Northwind Logistics AS' },
  OWN,
];

/** What the server was asked: each search's query and limit. */
let searches: URLSearchParams[] = [];
const server = setupTestServer(
  http.get(`${TEST_ORIGIN}/api/accounts`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    searches.push(params);
    const term = (params.get('query') ?? '').toLowerCase();
    return HttpResponse.json(ALL.filter((a) => a.name.toLowerCase().includes(term)));
  }),
);

beforeEach(() => {
  installTestConfig({ apiBase: `${TEST_ORIGIN}/api` });
  searches = [];
});
afterEach(() => {
  vi.restoreAllMocks();
  setRuntimeConfig(null);
});

function renderPicker(
  recent: AccountChoice[] = [],
  type: UserType = 'employee',
  current: AccountChoice = OWN,
) {
  const onPick = vi.fn<(account: AccountChoice) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {/* In a landmark, as on a page (axe "region"). */}
      <main>
        <AccountPicker
          userType={type}
          current={current}
          own={OWN}
          recent={recent}
          onPick={onPick}
        />
      </main>
    </QueryClientProvider>,
  );
  return { onPick, input: screen.getByRole('combobox', { name: 'Account' }) };
}

const options = async (): Promise<string[]> => {
  const list = screen.getByRole('listbox', { name: 'Account' });
  await waitFor(() => expect(within(list).queryAllByRole('option').length).toBeGreaterThan(0));
  return within(list)
    .getAllByRole('option')
    .map((option) => option.getAttribute('aria-label') ?? option.textContent);
};

describe('<AccountPicker> (issue 37)', () => {
  it('shows the account in view and searches on the server as one types, with a limit', async () => {
    const { input, onPick } = renderPicker();
    expect(input).toHaveValue('Portico Software B.V.');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(input);
    await userEvent.keyboard('kes');
    await waitFor(() => expect(searches.at(-1)?.get('query')).toBe('kes'));
    expect(searches.at(-1)?.get('limit')).toBe('20');
    await waitFor(async () => expect(await options()).toEqual(['Kestrel Aerospace GmbH']));
    await userEvent.click(screen.getByRole('option', { name: 'Kestrel Aerospace GmbH' }));
    expect(onPick).toHaveBeenCalledWith({ id: 'acc-kestrel', name: 'Kestrel Aerospace GmbH' });
  });

  it('works by keyboard: arrows move, Enter picks, Escape gives back the account in view', async () => {
    const { input, onPick } = renderPicker();
    input.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await options();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = input.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(document.getElementById(active ?? '')).toHaveTextContent('Kestrel Aerospace GmbH');
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith({ id: 'acc-kestrel', name: 'Kestrel Aerospace GmbH' });

    onPick.mockClear();
    await userEvent.clear(input);
    await userEvent.keyboard('mer{Escape}');
    expect(input).toHaveValue('Portico Software B.V.');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('keeps the highlight on its option when the server answers under the arrow keys', async () => {
    // The answer for what was typed arrives after the arrows moved over the list it replaces.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(`${TEST_ORIGIN}/api/accounts`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('query') !== 'e') return undefined;
        await answered;
        return HttpResponse.json([ALL[4]!, ALL[2]!]);
      }),
    );
    const { input, onPick } = renderPicker();
    await userEvent.click(input);
    await waitFor(async () => expect(await options()).toHaveLength(ALL.length));
    await userEvent.keyboard('e');
    await waitFor(async () => expect(await options()).toHaveLength(4));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const highlighted = () =>
      document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(highlighted()).toBe('Meridian Consulting Group Ltd');
    answer();
    await waitFor(async () =>
      expect(await options()).toEqual([
        'Portico Software B.V., Your account',
        'Meridian Consulting Group Ltd',
      ]),
    );
    expect(highlighted()).toBe('Meridian Consulting Group Ltd');
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith({
      id: 'acc-meridian',
      name: 'Meridian Consulting Group Ltd',
    });
    expect(input).toHaveValue('Meridian Consulting Group Ltd');
  });

  it('offers the recently used accounts first, each said to be recent, then the rest', async () => {
    const recent = [ALL[3]!, ALL[0]!];
    const { input } = renderPicker(recent);
    await userEvent.click(input);
    await waitFor(async () => expect(await options()).toHaveLength(ALL.length));
    expect(await options()).toEqual([
      'Northwind Logistics AS, Recent',
      'Brightwater Housing Association, Recent',
      'Kestrel Aerospace GmbH',
      'Meridian Consulting Group Ltd',
      'Portico Software B.V., Your account',
    ]);
    // Typing narrows the recent ones too.
    await userEvent.keyboard('north');
    await waitFor(async () => expect(await options()).toEqual(['Northwind Logistics AS, Recent']));
  });

  it('says when no account matches, and is free of axe violations open and closed', async () => {
    const { input } = renderPicker();
    const closed = await axe.run(document.body);
    expect(closed.violations.map((v) => v.id)).toEqual([]);
    await userEvent.click(input);
    await userEvent.keyboard('zzz');
    await waitFor(() => expect(searches.at(-1)?.get('query')).toBe('zzz'));
    expect(await screen.findByRole('status')).toHaveTextContent('No account matches “zzz”.');
    await userEvent.clear(input);
    await userEvent.keyboard('a');
    await options();
    const open = await axe.run(document.body);
    expect(open.violations.map((v) => v.id)).toEqual([]);
  });

  it("filters a partner's own and served accounts without a server search", async () => {
    server.use(
      http.get(`${TEST_ORIGIN}/api/partner/accounts`, () =>
        HttpResponse.json(
          [ALL[1]!, ALL[3]!].map((a) => ({
            ...a,
            enterpriseCustomerId: null,
            dynamicsCustomerId: null,
          })),
        ),
      ),
    );
    const { input } = renderPicker([], 'partner');
    await userEvent.click(input);
    await waitFor(async () =>
      expect(await options()).toEqual([
        'Portico Software B.V., Your account',
        'Kestrel Aerospace GmbH',
        'Northwind Logistics AS',
      ]),
    );
    await userEvent.keyboard('kes');
    await waitFor(async () => expect(await options()).toEqual(['Kestrel Aerospace GmbH']));
    expect(searches).toEqual([]);
  });
});
