import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, url } from '../../../../test/app-test-harness.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';
import { ERP, ERP_INSTALLER as DOWNLOAD } from '../../../../test/my-solutions-fixtures.js';

const server = setUpAppTests();

const SHA = DOWNLOAD.sha256;

let fileAuthorization: string | null = null;
let listQueries: URLSearchParams[] = [];

beforeEach(() => {
  fileAuthorization = null;
  listQueries = [];
  server.use(
    http.get(url('/api/products'), () => HttpResponse.json([{ ...ERP, connected: true }])),
    http.get(url('/api/products/p-erp'), () => HttpResponse.json(ERP)),
    http.get(url('/api/products/p-erp/releases'), () =>
      HttpResponse.json([{ version: '2026.2', releaseDate: '2026-06-16' }]),
    ),
    http.get(url('/api/products/p-erp/downloads'), ({ request }) => {
      listQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json([DOWNLOAD]);
    }),
    http.get(url('/api/products/p-erp/downloads/d-1/file'), ({ request }) => {
      fileAuthorization = request.headers.get('authorization');
      return new HttpResponse(new Uint8Array([1, 2, 3]), {
        headers: {
          'content-type': 'application/octet-stream',
          'content-disposition': `attachment; filename="${DOWNLOAD.fileName}"`,
        },
      });
    }),
  );
});

describe('software tab (issue 13)', () => {
  it('shows version, date, size in the locale and SHA-256; copies it; downloads with the token', async () => {
    const user = userEvent.setup();
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    await renderSignedIn('/my-solutions/erp/c-erp/software?release=2026.2');
    const table = await screen.findByRole('table', { name: 'Downloads of ERP' });
    const row = within(table).getByRole('row', { name: /ERP 2026.2 installer/ });
    expect(row).toHaveTextContent('June 16, 2026');
    expect(row).toHaveTextContent('2.5 MB');
    expect(row).toHaveTextContent(SHA);
    expect(listQueries.at(-1)?.get('release')).toBe('2026.2');
    expect(screen.getByLabelText('Release')).toHaveValue('2026.2');

    await user.click(
      within(row).getByRole('button', { name: 'Copy the SHA-256 of ERP 2026.2 installer' }),
    );
    expect(await navigator.clipboard.readText()).toBe(SHA);
    expect(screen.getByText('SHA-256 of ERP 2026.2 installer copied.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Download ERP 2026.2 installer' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[1]).toBe(DOWNLOAD.fileName);
    expect(fileAuthorization).toBe('Bearer test-access-token');
  });

  it('narrows the list by the query in the address', async () => {
    await renderSignedIn('/my-solutions/erp/c-erp/software?query=upgrade');
    expect(await screen.findByText('No downloads match.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
