import type { AccountManager } from '@portico/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../config/runtime-config.js';
import { accountQueryKey } from '../../../lib/account/account-query.js';
import { installTestConfig, TEST_ORIGIN } from '../../../../test/test-config.js';
import { AccountManagerCardView, telHref } from './account-manager-card-view.js';
import { AccountManagerCard } from './account-manager-card.js';

const manager: AccountManager = {
  name: 'Maria Manager',
  email: 'maria@portico.test',
  phoneNumber: '+47 22 00 00 00',
  mobilePhoneNumber: '+47 900 00 000',
};

const card = () => screen.getByRole('region', { name: 'Your account manager' });

beforeEach(() => {
  installTestConfig({ apiBase: `${TEST_ORIGIN}/api`, contactEmail: 'help@portico.test' });
});
afterEach(() => {
  vi.restoreAllMocks();
  setRuntimeConfig(null);
});

describe('<AccountManagerCardView> (§2 Shared widgets, §3 Account manager)', () => {
  it('shows name, e-mail (mailto), phone and mobile (tel:) and the logo', () => {
    render(<AccountManagerCardView manager={manager} contactHref="mailto:help@portico.test" />);
    const region = within(card());
    expect(region.getByText('Maria Manager')).toBeInTheDocument();
    expect(region.getByRole('link', { name: 'maria@portico.test' })).toHaveAttribute(
      'href',
      'mailto:maria@portico.test',
    );
    expect(region.getByRole('link', { name: '+47 22 00 00 00' })).toHaveAttribute(
      'href',
      'tel:+4722000000',
    );
    expect(region.getByRole('link', { name: '+47 900 00 000' })).toHaveAttribute(
      'href',
      'tel:+4790000000',
    );
    expect(region.getByText('Phone')).toBeInTheDocument();
    expect(region.getByText('Mobile')).toBeInTheDocument();
    expect(region.getByRole('img', { name: 'Portico' })).toHaveAttribute('src', '/media/logo.svg');
    expect(region.queryByRole('link', { name: 'Contact us' })).not.toBeInTheDocument();
  });

  it('leaves out phone numbers the manager does not have', () => {
    render(
      <AccountManagerCardView
        manager={{ ...manager, phoneNumber: null, mobilePhoneNumber: null }}
        contactHref="mailto:help@portico.test"
      />,
    );
    expect(screen.queryByText('Phone')).not.toBeInTheDocument();
    expect(screen.queryByText('Mobile')).not.toBeInTheDocument();
    expect(within(card()).getAllByRole('link')).toHaveLength(1);
  });

  it('shows the fallback card with a text and a link when there is no manager', () => {
    render(<AccountManagerCardView manager={null} contactHref="mailto:help@portico.test" />);
    expect(card()).toHaveTextContent('Your account has no account manager yet.');
    expect(within(card()).getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      'mailto:help@portico.test',
    );
    expect(within(card()).getByRole('img', { name: 'Portico' })).toBeInTheDocument();
  });

  it('makes dialable tel: addresses', () => {
    expect(telHref('+47 (0) 22-00 00 00')).toBe('tel:+47022000000');
  });
});

function withClient(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

describe('<AccountManagerCard> over the account slice (§4)', () => {
  it('loads the manager from {api}/account and shows the card', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(manager));
    render(<AccountManagerCard />, { wrapper: withClient(new QueryClient()) });
    expect(screen.queryByRole('region')).not.toBeInTheDocument(); // nothing while loading
    expect(await screen.findByText('Maria Manager')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledOnce();
    const [input] = fetchSpy.mock.calls[0]!;
    expect(input instanceof Request ? input.url : input.toString()).toBe(
      'http://localhost:3000/api/account',
    );
  });

  it('shows the fallback card linking to the configured contact address on 204', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    render(<AccountManagerCard />, { wrapper: withClient(new QueryClient()) });
    expect(await screen.findByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      'mailto:help@portico.test',
    );
  });

  it('uses the cached slice without asking the server again', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(manager));
    const client = new QueryClient();
    client.setQueryData(accountQueryKey, manager);
    render(<AccountManagerCard />, { wrapper: withClient(client) });
    expect(screen.getByText('Maria Manager')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows nothing when loading failed (the error was reported elsewhere)', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(null, { status: 500 }));
    const client = new QueryClient();
    render(<AccountManagerCard />, { wrapper: withClient(client) });
    await vi.waitFor(() => expect(client.getQueryState(accountQueryKey)?.status).toBe('error'));
    expect(fetchSpy).toHaveBeenCalledOnce();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
