// The cloud pages' account picker (issue 37, ADR 0070): a vendor employee searches every
// account, a partner gets their customers from GET /api/partner/accounts (§7), a customer
// gets no picker; the sections and their calls follow the account picked.
import type { CloudInstance } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn, shellAs, url } from '../../../../test/app-test-harness.js';
import { cloudInstance } from '../../../../test/cloud-fixtures.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';

const server = setUpAppTests();

const INSTANCES: CloudInstance[] = [cloudInstance()];

beforeEach(() => {
  server.use(http.get(url('/api/cloud/instances'), () => HttpResponse.json(INSTANCES)));
});

describe('the cloud account picker (issue 37)', () => {
  it('lets a vendor employee pick the account; the sections and calls keep it (issue 27, 37)', async () => {
    const user = userEvent.setup();
    const recorded: string[] = [];
    server.use(
      ...shellAs(
        { unit4Employee: true },
        {
          recentAccounts: { own: { id: 'acc-vendor', name: 'Portico Software B.V.' }, recent: [] },
        },
      ),
    );
    const asked: (string | null)[] = [];
    server.use(
      http.get(url('/api/accounts'), () =>
        HttpResponse.json([
          { id: 'acc-meridian', name: 'Meridian' },
          { id: 'acc-vendor', name: 'Portico Software B.V.' },
        ]),
      ),
      http.put(url('/api/accounts/recent/:id'), ({ params }) => {
        recorded.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(url('/api/cloud/instances'), ({ request }) => {
        const accountId = new URL(request.url).searchParams.get('accountId');
        asked.push(accountId);
        return HttpResponse.json(
          accountId === 'acc-meridian' ? [{ ...INSTANCES[0]!, name: 'Meridian ERPx' }] : [],
        );
      }),
    );
    const { router } = await renderSignedIn('/cloud');
    const picker = await screen.findByRole('combobox', { name: 'Account' });
    expect(picker).toHaveValue('Portico Software B.V.');
    expect(
      await screen.findByRole('heading', { name: 'This account has no cloud services yet.' }),
    ).toBeVisible();
    expect(screen.getByText('Pick another account above to see its cloud services.')).toBeVisible();

    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Meridian' }));
    expect(await screen.findByRole('article', { name: 'Meridian ERPx' })).toBeVisible();
    expect(router.state.location.search).toBe('?accountId=acc-meridian');
    expect(asked).toEqual([null, 'acc-meridian']);
    await waitFor(() => expect(recorded).toEqual(['acc-meridian']));
    expect(screen.getByRole('link', { name: 'Maintenance' })).toHaveAttribute(
      'href',
      '/cloud/maintenance?accountId=acc-meridian',
    );
  });

  it('offers no account picker to a customer, and no hint to pick one', async () => {
    server.use(http.get(url('/api/cloud/instances'), () => HttpResponse.json([])));
    await renderSignedIn('/cloud');
    expect(
      await screen.findByRole('heading', { name: 'This account has no cloud services yet.' }),
    ).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Pick another account/)).not.toBeInTheDocument();
  });

  it('offers a partner their own account and the customers from GET /api/partner/accounts (§7)', async () => {
    const user = userEvent.setup();
    server.use(
      ...shellAs(
        { permissions: ['PARTNER', 'NEWS'] },
        { recentAccounts: { own: { id: 'acc-meridian', name: 'Meridian' }, recent: [] } },
      ),
      http.get(url('/api/partner/accounts'), () =>
        HttpResponse.json([
          {
            id: 'acc-kestrel',
            name: 'Kestrel Aerospace GmbH',
            enterpriseCustomerId: null,
            dynamicsCustomerId: null,
          },
          {
            id: 'acc-northwind',
            name: 'Northwind Logistics AS',
            enterpriseCustomerId: 'ECI-100482',
            dynamicsCustomerId: null,
          },
        ]),
      ),
      http.put(url('/api/accounts/recent/:id'), () => new HttpResponse(null, { status: 204 })),
    );
    const { router } = await renderSignedIn('/cloud');
    await user.click(await screen.findByRole('combobox', { name: 'Account' }));
    const list = await screen.findByRole('listbox', { name: 'Account' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Meridian Your account', 'Kestrel Aerospace GmbH', 'Northwind Logistics AS']);
    await user.keyboard('nor{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?accountId=acc-northwind'));
  });
});
