import type { UserProfile } from '@portico/contracts';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  demoProfile,
  renderSignedIn,
  shellAs,
  shellHandlers,
  signIn,
  url,
} from '../../../../test/app-test-harness.js';
import { AppProviders, createQueryClient } from '../../../app/providers.js';
import { useNotificationStore } from '../../../lib/notifications/notification-store.js';
import { installTestConfig } from '../../../../test/test-config.js';
import ServicesRoute from '../services.route.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';

// §2 services rows and the paragraph after the route table; §2 Track-cases page; §5, §6
// (download needs SUPPORT + USERMANAGEMENT); §8 errors; §9 frame height 950;
// docs/decisions/0005 (frame token only for the built-in desk).

const server = setUpAppTests();

const SUPPORT_ADMIN: UserProfile = {
  ...demoProfile,
  permissions: ['NEWS', 'SUPPORT', 'USERMANAGEMENT'],
};

/** Requests to the frame token and the download, with their Authorization header. */
let tokenCalls: (string | null)[] = [];
let downloadCalls = 0;

function tokenHandler() {
  return http.get(url('/api/support/frame-token'), ({ request }) => {
    tokenCalls.push(request.headers.get('Authorization'));
    return HttpResponse.json({ token: `tok-${tokenCalls.length}`, expiresIn: 600 });
  });
}

beforeEach(() => {
  tokenCalls = [];
  downloadCalls = 0;
  server.use(tokenHandler());
});

const open = renderSignedIn;

/** The page's frame, once it is there. */
const frame = () =>
  waitFor(() => {
    const iframe = document.querySelector('iframe');
    if (!iframe) throw new Error('No frame yet');
    return iframe;
  });
const frameSrc = async () => (await frame()).getAttribute('src');
const downloadButton = () => screen.queryByRole('button', { name: 'Download all cases' });

describe('frame pages', () => {
  it.each([
    ['/services/incident', 'Report an incident', '/support-desk/incident?t=tok-1'],
    ['/services/service-request', 'Request a service', '/support-desk/service-request?t=tok-1'],
    ['/services/track-cases', 'Track cases', '/support-desk/track-cases?t=tok-1'],
    [
      '/services/track-case/CS0001001',
      'Case CS0001001',
      '/support-desk/track-case/CS0001001?t=tok-1',
    ],
    ['/services/portals', 'Support portals', '/support-desk/portals?t=tok-1'],
    ['/services/contacts', 'Support contacts', '/support-desk/contacts?t=tok-1'],
  ])('%s: title "%s", a full-width sandboxed frame at %s', async (path, title, src) => {
    await open(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    const iframe = await frame();
    expect(iframe).toHaveAttribute('src', src);
    expect(iframe).toHaveAttribute('title', title);
    expect(iframe).toHaveAttribute('height', '950');
    expect(iframe).toHaveAttribute(
      'sandbox',
      'allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    );
    expect(iframe.getAttribute('sandbox')).not.toContain('allow-scripts');
    expect(screen.getByTestId('app-page')).toHaveClass('cpp-layout--full-width');
    // The token was fetched from the API with the bearer token.
    expect(tokenCalls).toEqual(['Bearer test-access-token']);
  });

  it('/services lands on incident', async () => {
    const { router } = await open('/services');
    await waitFor(() => expect(router.state.location.pathname).toBe('/services/incident'));
    expect(await frameSrc()).toBe('/support-desk/incident?t=tok-1');
  });

  it('encodes the case number and passes the query on; a t of the route is replaced', async () => {
    await open('/services/track-case/CS%2F1%20x?created=1&t=someone-elses');
    expect(await frameSrc()).toBe('/support-desk/track-case/CS%2F1%20x?created=1&t=tok-1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Case CS/1 x');
  });

  it('passes the query of any route on', async () => {
    await open('/services/track-cases?status=new');
    expect(await frameSrc()).toBe('/support-desk/track-cases?status=new&t=tok-1');
  });

  it('uses the configured frame base', async () => {
    installTestConfig({ supportFrameBase: '/desk/v2/' });
    await open('/services/portals');
    expect(await frameSrc()).toBe('/desk/v2/portals?t=tok-1');
  });

  it('never gives the token to an external frame base and loads it at once', async () => {
    installTestConfig({ supportFrameBase: 'https://support.example/portal' });
    await open('/services/track-case/CS0001002?lang=de');
    const iframe = await frame();
    expect(iframe).toHaveAttribute(
      'src',
      'https://support.example/portal/track-case/CS0001002?lang=de',
    );
    expect(iframe.getAttribute('sandbox')).toContain('allow-scripts');
    expect(tokenCalls).toEqual([]);
  });

  it('shows a loading state until the token is there', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(url('/api/support/frame-token'), async () => {
        await gate;
        return HttpResponse.json({ token: 'late', expiresIn: 600 });
      }),
    );
    await open('/services/contacts');
    expect(await screen.findByText('Loading the support page…')).toBeVisible();
    expect(screen.getByText('Loading the support page…').closest('[role="status"]')).not.toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    release();
    expect(await frameSrc()).toBe('/support-desk/contacts?t=late');
    expect(screen.queryByText('Loading the support page…')).toBeNull();
  });

  it('shows a readable error when the token fails, and tries again on request', async () => {
    let fail = true;
    server.use(
      http.get(url('/api/support/frame-token'), () =>
        fail
          ? HttpResponse.json({ message: 'Forbidden' }, { status: 403 })
          : HttpResponse.json({ token: 'second', expiresIn: 600 }),
      ),
    );
    await open('/services/incident');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong. Please send an email to support@portico.test if the situation persists.',
    );
    expect(document.querySelector('iframe')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await frameSrc()).toBe('/support-desk/incident?t=second');
  });

  it('fetches a new token for a new page', async () => {
    const { router } = await open('/services/incident');
    expect(await frameSrc()).toBe('/support-desk/incident?t=tok-1');
    await act(() => router.navigate('/services/contacts'));
    await waitFor(async () => expect(await frameSrc()).toBe('/support-desk/contacts?t=tok-2'));
  });
});

describe('titles', () => {
  it('come from the server label support.title.{route path}', async () => {
    server.use(
      ...shellHandlers({
        labels: [
          { key: 'support.title.track-case', value: 'Track case' },
          { key: 'support.title.portals', value: 'Other portals' },
        ],
      }),
    );
    const { router } = await open('/services/track-case/CS0001001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Track case' })).toBeVisible();
    expect(await frame()).toHaveAttribute('title', 'Track case');
    await act(() => router.navigate('/services/portals'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Other portals' })).toBeVisible();
  });

  it('are left out when the route says no title; the frame keeps its accessible name', async () => {
    signIn();
    const router = createMemoryRouter(
      [
        {
          path: '/services/track-cases',
          Component: ServicesRoute,
          handle: { layout: 'fullWidth', noTitle: true },
        },
      ],
      { initialEntries: ['/services/track-cases'] },
    );
    server.use(...shellHandlers({ profile: SUPPORT_ADMIN }));
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await frame()).toHaveAttribute('title', 'Track cases');
    expect(screen.queryByRole('heading')).toBeNull();
    // The track-cases button does not depend on the title.
    expect(await screen.findByRole('button', { name: 'Download all cases' })).toBeVisible();
  });
});

describe("track cases: 'download all cases'", () => {
  const csv = 'Number,Short description\r\nCS0001001,"Invoice run fails for ""EUR, NOK"""\r\n';

  function downloadHandler(gate?: Promise<void>) {
    return http.get(url('/api/support/cases/download'), async ({ request }) => {
      downloadCalls += 1;
      expect(request.headers.get('Authorization')).toBe('Bearer test-access-token');
      await gate;
      return HttpResponse.text(csv, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="cases.csv"',
        },
      });
    });
  }

  it.each<[string, string[]]>([
    ['only SUPPORT', ['NEWS', 'SUPPORT']],
    ['only USERMANAGEMENT', ['NEWS', 'USERMANAGEMENT']],
    ['neither', ['NEWS']],
  ])('is absent with %s', async (_name, permissions) => {
    server.use(...shellAs({ permissions }));
    await open('/services/track-cases');
    await frame();
    expect(downloadButton()).toBeNull();
  });

  it('is shown with SUPPORT and USERMANAGEMENT, on track cases only', async () => {
    server.use(...shellHandlers({ profile: SUPPORT_ADMIN }));
    const { router } = await open('/services/track-cases');
    expect(await screen.findByRole('button', { name: 'Download all cases' })).toBeVisible();
    await act(() => router.navigate('/services/track-case/CS0001001'));
    await screen.findByRole('heading', { level: 1, name: 'Case CS0001001' });
    expect(downloadButton()).toBeNull();
  });

  it('downloads the CSV once, ignoring a second click while it runs', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(...shellHandlers({ profile: SUPPORT_ADMIN }), downloadHandler(gate));
    await open('/services/track-cases');
    const button = await screen.findByRole('button', { name: 'Download all cases' });

    const user = userEvent.setup();
    await user.dblClick(button);
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(within(button.parentElement!).getByRole('status')).toHaveTextContent(
      'Downloading all cases…',
    );
    expect(downloadCalls).toBe(1);

    release();
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    const [blob, filename] = save.mock.calls[0]!;
    expect(filename).toBe('cases.csv');
    expect(await blob.text()).toBe(csv);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(downloadCalls).toBe(1);

    // Once it has finished, the button downloads again.
    await user.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(downloadCalls).toBe(2);
  });

  it('shows a failed download with the §8 catalogue and can be tried again', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    server.use(
      ...shellHandlers({ profile: SUPPORT_ADMIN }),
      http.get(url('/api/support/cases/download'), () =>
        HttpResponse.json({ message: 'Boom' }, { status: 500 }),
      ),
    );
    await open('/services/track-cases');
    const button = await screen.findByRole('button', { name: 'Download all cases' });
    await userEvent.click(button);
    await waitFor(() =>
      expect(useNotificationStore.getState().notification).toMatchObject({
        type: 'error',
        content:
          'Something went wrong. Please send an email to support@portico.test if the situation persists.',
      }),
    );
    expect(save).not.toHaveBeenCalled();
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));

    server.use(downloadHandler());
    await userEvent.click(button);
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
  });
});
