import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn, url } from '../../../../test/app-test-harness.js';
import { problemResponse } from '../../../../test/error-cases.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';
import { ERP } from '../../../../test/my-solutions-fixtures.js';

const server = setUpAppTests();

const ERPX = { id: 'p-erpx', productName: 'ERPx', slug: 'erpx', contentId: 'c-erpx' };

function handlers() {
  return [
    http.get(url('/api/products'), () =>
      HttpResponse.json([
        { ...ERP, connected: true },
        { ...ERPX, connected: false },
      ]),
    ),
    http.get(url('/api/products/highlights'), () =>
      HttpResponse.json([
        {
          productId: 'p-erp',
          description: 'Finance, projects and procurement in one system for service companies.',
          latestRelease: { version: '2026.2', releaseDate: '2026-06-16' },
          latestNews: {
            id: 7,
            title: 'Posting twice as fast',
            publicationDate: '2026-06-20T08:00:00.000Z',
          },
        },
      ]),
    ),
    http.get(url('/api/products/p-erp'), () => HttpResponse.json(ERP)),
    http.get(url('/api/products/p-erpx'), () => problemResponse(403, 'not connected')),
    http.get(url('/api/products/p-erp/release-notes'), () =>
      HttpResponse.json([
        {
          id: 1,
          version: '2026.2',
          releaseDate: '2026-06-16',
          title: 'Faster ledger',
          content: '<p>Posting is <strong>twice</strong> as fast.</p>',
        },
        {
          id: 2,
          version: '2026.2',
          releaseDate: '2026-06-16',
          title: 'Bank files',
          content: '<p>Reads <a href="https://strong.example.test">CAMT.053</a> files.</p>',
        },
      ]),
    ),
    http.get(url('/api/products/p-erp/releases'), () =>
      HttpResponse.json([
        { version: '2026.2', releaseDate: '2026-06-16' },
        { version: '2026.1', releaseDate: '2026-02-10' },
      ]),
    ),
  ];
}

beforeEach(() => {
  server.use(...handlers());
});

describe('My Solutions dashboard (issue 13)', () => {
  it('greets the user by name and shows tiles of the connected products only', async () => {
    await renderSignedIn('/my-solutions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Anna' })).toBeVisible();
    const tile = await screen.findByRole('link', { name: 'ERP' });
    expect(tile).toHaveAttribute('href', '/my-solutions/erp/c-erp/documentation');
    expect(screen.queryByRole('link', { name: 'ERPx' })).not.toBeInTheDocument();
  });

  it("gives each tile the product's mark, its current release and what is new (issue 37)", async () => {
    await renderSignedIn('/my-solutions');
    const link = await screen.findByRole('link', { name: 'ERP' });
    const tile = link.closest('li');
    expect(tile).toHaveClass('ui-card');
    expect(tile?.querySelector('.my-solutions__mark')).toHaveTextContent('ERP');
    expect(tile?.querySelector('.my-solutions__mark')).toHaveAttribute('aria-hidden', 'true');
    expect(
      await within(tile as HTMLElement).findByText('Current release 2026.2, Jun 16, 2026'),
    ).toBeVisible();
    expect(tile).toHaveTextContent('New: Posting twice as fast');
  });

  it('says under the name what the product is, in one line that a screen reader hears whole', async () => {
    await renderSignedIn('/my-solutions');
    const link = await screen.findByRole('link', { name: 'ERP' });
    const text = 'Finance, projects and procurement in one system for service companies.';
    await waitFor(() => expect(link).toHaveAccessibleDescription(text));
    const line = within(link.closest('li') as HTMLElement).getByText(text);
    expect(line.tagName).toBe('P');
    expect(line).toHaveClass('my-solutions__tile-description');
    expect(link.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no description line for a product without one', async () => {
    server.use(
      http.get(url('/api/products/highlights'), () =>
        HttpResponse.json([
          {
            productId: 'p-erp',
            description: null,
            latestRelease: { version: '2026.2', releaseDate: '2026-06-16' },
            latestNews: null,
          },
        ]),
      ),
    );
    await renderSignedIn('/my-solutions');
    const link = await screen.findByRole('link', { name: 'ERP' });
    const tile = link.closest('li') as HTMLElement;
    await within(tile).findByText('Current release 2026.2, Jun 16, 2026');
    expect(tile.querySelectorAll('p')).toHaveLength(1);
    expect(link).not.toHaveAttribute('aria-describedby');
  });

  it('keeps the tiles when their lines cannot be loaded', async () => {
    server.use(http.get(url('/api/products/highlights'), () => problemResponse(500, 'x')));
    await renderSignedIn('/my-solutions');
    const link = await screen.findByRole('link', { name: 'ERP' });
    expect(link.closest('li')).toHaveTextContent('Documentation and downloads');
  });

  it('walks the wizard by keyboard alone, keeping every answer in the address', async () => {
    const user = userEvent.setup();
    const { router } = await renderSignedIn('/my-solutions');
    const search = () => router.state.location.search;
    const product = await screen.findByRole('radio', { name: 'ERP' });

    // Next without a product: §8 'No product selected'.
    product.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No product selected');
    expect(search()).toBe('');

    await user.tab({ shift: true });
    expect(product).toHaveFocus();
    await user.keyboard(' ');
    expect(product).toBeChecked();
    await user.tab();
    await user.keyboard('{Enter}');

    // Step 2: the focus is on the question; the release radios follow it.
    const release = await screen.findByRole('heading', { name: 'Which release?' });
    await waitFor(() => expect(release).toHaveFocus());
    expect(search()).toBe('?step=2&product=p-erp');
    const v2026 = await screen.findByRole('radio', { name: '2026.1' });
    v2026.focus();
    await user.keyboard(' ');
    expect(v2026).toBeChecked();
    await user.tab(); // Back
    await user.tab(); // Next
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const what = await screen.findByRole('heading', { name: 'What are you looking for?' });
    await waitFor(() => expect(what).toHaveFocus());
    expect(search()).toBe('?step=3&product=p-erp&release=2026.1');

    // Back returns to step 2 with its answer kept; Next comes forward again.
    await user.tab();
    const first = screen.getByRole('radio', { name: 'Documentation' });
    expect(first).toHaveFocus();
    await user.keyboard(' ');
    expect(first).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(search()).toBe('?step=2&product=p-erp&release=2026.1'));
    expect(await screen.findByRole('radio', { name: '2026.1' })).toBeChecked();
    await act(() => router.navigate(-1));
    await waitFor(() => expect(search()).toBe('?step=3&product=p-erp&release=2026.1'));

    const documentation = await screen.findByRole('radio', { name: 'Documentation' });
    documentation.focus();
    await user.keyboard(' ');
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(search()).toBe('?step=4&product=p-erp&release=2026.1&what=documentation'),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Search for (optional)' })).toHaveFocus(),
    );
    await user.tab();
    expect(screen.getByRole('searchbox', { name: 'Words to search for' })).toHaveFocus();
    await user.keyboard('ledger{Enter}');

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/my-solutions/erp/c-erp/documentation'),
    );
    expect(router.state.location.search).toBe('?query=ledger&release=2026.1');
    expect(await screen.findByRole('link', { name: 'Documentation' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('offers the account manager for a product the account is not connected to', async () => {
    await renderSignedIn('/my-solutions/erpx/c-erpx/software');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You have no access to ERPx' }),
    ).toBeVisible();
    expect(screen.getByText(/Ask your account manager/)).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('wizard: a documentation query under the §5 minimum of 3 is refused, as the search box would (issue 27)', async () => {
    const user = userEvent.setup();
    const { router } = await renderSignedIn(
      '/my-solutions?step=4&product=p-erp&what=documentation',
    );
    const box = await screen.findByRole('searchbox', { name: 'Words to search for' });
    await user.type(box, 'ab{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter at least 3 characters, or leave the field empty.',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/my-solutions');

    await user.type(box, 'c{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/my-solutions/erp/c-erp/documentation'),
    );
    expect(router.state.location.search).toBe('?query=abc');
  });

  it.each(['downloads', 'release-notes', 'news'])(
    'wizard: a %s query under the minimum of 3 is refused too (issue 37)',
    async (what) => {
      const user = userEvent.setup();
      const { router } = await renderSignedIn(`/my-solutions?step=4&product=p-erp&what=${what}`);
      const box = await screen.findByRole('searchbox', { name: 'Words to search for' });
      await user.type(box, 'ab{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Please enter at least 3 characters, or leave the field empty.',
      );
      expect(router.state.location.pathname).toBe('/my-solutions');
    },
  );

  it('release notes: shows the query it filters by, matches the text and not the markup, and clears it (issue 27)', async () => {
    const user = userEvent.setup();
    const { router } = await renderSignedIn('/my-solutions/erp/c-erp/release-notes?query=strong');
    // "strong" is only markup (a tag, an address): no note matches it.
    expect(await screen.findByText('Filtered by “strong”.')).toBeVisible();
    expect(await screen.findByText('No release notes match.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Faster ledger' })).not.toBeInTheDocument();

    await act(() => router.navigate('/my-solutions/erp/c-erp/release-notes?query=TWICE AS'));
    expect(await screen.findByRole('heading', { name: 'Faster ledger' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Bank files' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show all release notes' }));
    expect(await screen.findByRole('heading', { name: 'Bank files' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Faster ledger' })).toBeVisible();
    expect(screen.queryByText(/Filtered by/)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('product news: a wrong slug is corrected, the title is the product and Stay informed goes to its subscription (issue 27)', async () => {
    server.use(
      http.get(url('/api/products/p-erp/news'), () =>
        HttpResponse.json(
          [
            {
              id: 7,
              title: 'ERP 2026.2 is out',
              publicationDate: Date.UTC(2026, 5, 16),
              headerImage: null,
              sales: false,
            },
          ],
          { headers: { 'X-Total-Count': '1' } },
        ),
      ),
    );
    const { router } = await renderSignedIn('/my-solutions/old-name/c-erp/news?query=2026');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/my-solutions/erp/c-erp/news'),
    );
    expect(router.state.location.search).toBe('?query=2026');
    expect(await screen.findByRole('link', { name: /ERP 2026.2 is out/ })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('ERP | Portico Community'));
    expect(screen.getByRole('link', { name: /subscri/i })).toHaveAttribute(
      'href',
      '/my-settings/subscriptions#product-news-c-erp',
    );

    // Leaving the product hands the title back to the path rule.
    await act(() => router.navigate('/my-solutions'));
    await waitFor(() => expect(document.title).toBe('My Solutions | Portico Community'));
  });
});
