import { screen, waitFor, within } from '@testing-library/react';
import type { NewsImageUpload } from '@portico/contracts';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  demoProfile,
  renderSignedIn,
  shellHandlers,
  url,
} from '../../../../test/app-test-harness.js';
import { resetStartUpForTests } from '../../../app/start-up.js';
import { profileQueryKey } from '../../../lib/profile/profile-query.js';
import { CATALOGUE_TEXT, ERROR_CASES, problemResponse } from '../../../../test/error-cases.js';
import { catchLoginOn401, describePageLoadErrors } from '../../../../test/page-errors.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';

// Issue 12: the news editor's no-access page, its labels, its validation messages and that a
// failed save keeps every word the employee wrote.

const employee = { ...demoProfile, unit4Employee: true };
const server = setUpAppTests(...shellHandlers({ profile: employee }));

const item = {
  id: 42,
  status: 'draft',
  title: 'Spring release notes',
  subtitle: 'All the news',
  location: 'Oslo',
  publicationDate: Date.UTC(2026, 2, 1, 9, 0),
  introduction: 'An introduction.',
  content: '<p>The existing body text.</p>',
  headerImage: null,
  sales: false,
  productIds: [],
  authorName: 'Hansen, Erik',
  updatedAt: Date.UTC(2026, 2, 1, 9, 0),
  announcedAt: null,
  mailFailures: 0,
  version: 3,
};

beforeEach(() => {
  server.use(
    http.get(url('/api/news/editor'), () =>
      HttpResponse.json(
        [
          {
            id: 42,
            status: 'draft',
            title: item.title,
            publicationDate: item.publicationDate,
            productIds: [],
            authorName: item.authorName,
            updatedAt: item.updatedAt,
          },
        ],
        { headers: { 'X-Total-Count': '1' } },
      ),
    ),
    http.get(url('/api/news/editor/products'), () =>
      HttpResponse.json([{ id: 'p-erp', productName: 'erp' }]),
    ),
    http.get(url('/api/news/editor/42'), () =>
      HttpResponse.json(item, { headers: { ETag: '"v3"' } }),
    ),
  );
});

describe('news editor', () => {
  it('offers the editor on /news to vendor employees only', async () => {
    server.use(
      http.get(url('/api/news'), () =>
        HttpResponse.json([], { headers: { 'X-Total-Count': '0' } }),
      ),
    );
    const view = await renderSignedIn('/news');
    const link = await screen.findByRole('link', { name: 'Write and publish news (news editor)' });
    expect(link).toHaveAttribute('href', '/news/editor');
    view.unmount();
    resetStartUpForTests();

    server.use(http.get(url('/api/users/me'), () => HttpResponse.json(demoProfile)));
    const { queryClient } = await renderSignedIn('/news');
    await screen.findByRole('heading', { name: 'News', level: 1 });
    // The profile has arrived (unit4Employee false), so the link's absence means something.
    await waitFor(() => expect(queryClient.getQueryData(profileQueryKey)).toEqual(demoProfile));
    expect(screen.queryByRole('link', { name: /news editor/ })).toBeNull();
  });

  it('shows the no-access page when the API answers 403', async () => {
    server.use(http.get(url('/api/news/editor'), () => problemResponse(403, 'No.')));
    await renderSignedIn('/news/editor/new');
    expect(
      await screen.findByRole('heading', { name: 'No access to the news editor' }),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });

  it('lists the items with their state and a link to write a new one', async () => {
    await renderSignedIn('/news/editor');
    const region = await screen.findByRole('region', { name: 'News items in the editor' });
    expect(within(region).getByRole('link', { name: 'Spring release notes' })).toHaveAttribute(
      'href',
      '/news/editor/42',
    );
    expect(within(region).getByText('Draft')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Write a news item' })).toHaveAttribute(
      'href',
      '/news/editor/new',
    );
  });

  it('names every field and says what is missing before anything is sent', async () => {
    let posted = false;
    server.use(
      http.post(url('/api/news'), () => {
        posted = true;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    await renderSignedIn('/news/editor/new');
    for (const name of ['Title', 'Subtitle', 'Location', 'Introduction', 'Body']) {
      expect(await screen.findByRole('textbox', { name })).toBeVisible();
    }
    expect(screen.getByLabelText(/Publication date and time/)).toHaveAttribute(
      'type',
      'datetime-local',
    );
    expect(screen.getByLabelText('Header image')).toHaveAttribute('type', 'file');
    expect(
      screen.getByRole('checkbox', { name: 'Show the account manager (sales item)' }),
    ).not.toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'erp' })).toBeVisible();
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Invalid data/);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'This field is required',
    );
    expect(screen.getByText('Please write the body of the news item.')).toBeVisible();

    await userEvent.clear(screen.getByLabelText(/Publication date and time/));
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Please enter a valid publication date.')).toBeVisible();
    expect(posted).toBe(false);
  });

  it('keeps every word when the server fails, and shows its field messages', async () => {
    let calls = 0;
    server.use(
      http.put(url('/api/news/42'), ({ request }) => {
        calls += 1;
        expect(request.headers.get('if-match')).toBe('"v3"');
        if (calls === 1) return problemResponse(500, 'boom');
        return problemResponse(
          400,
          'Invalid data. Review all error messages below to correct your data.',
          { errors: { location: 'This text is too long.' } },
        );
      }),
    );
    await renderSignedIn('/news/editor/42');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'A title typed by hand');
    const introduction = screen.getByRole('textbox', { name: 'Introduction' });
    await userEvent.type(introduction, ' More words.');

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CATALOGUE_TEXT[500]);
    expect(title).toHaveValue('A title typed by hand');
    expect(introduction).toHaveValue('An introduction. More words.');
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveTextContent(
      'The existing body text.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('This text is too long.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Location' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(title).toHaveValue('A title typed by hand');
    expect(calls).toBe(2);
  });

  it('shows the server’s message when an upload is not an image', async () => {
    server.use(
      http.post(url('/api/news/images'), () =>
        problemResponse(
          400,
          'The file is not an image. Please upload a JPEG, PNG, WebP or GIF picture.',
        ),
      ),
    );
    await renderSignedIn('/news/editor/42');
    const input = await screen.findByLabelText('Header image');
    await userEvent.upload(input, new File(['not an image'], 'x.png', { type: 'image/png' }));
    expect(await screen.findByText(/The file is not an image/)).toBeVisible();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('names the uploaded file beside its preview, and the button then replaces it (issue 37)', async () => {
    const uploadedImage: NewsImageUpload = {
      id: 7,
      large: '/media/l.webp',
      medium: '/media/m.webp',
      small: '/media/s.webp',
    };
    server.use(
      http.post(url('/api/news/images'), () => HttpResponse.json(uploadedImage, { status: 201 })),
    );
    await renderSignedIn('/news/editor/new');
    const input = await screen.findByLabelText('Header image');
    expect(screen.getByText('Choose an image…')).toBeVisible();
    await userEvent.upload(input, new File(['png'], 'harbour.png', { type: 'image/png' }));
    expect(await screen.findByText('Uploaded: harbour.png')).toBeVisible();
    expect(screen.getByRole('img', { name: 'Header image preview' })).toBeVisible();
    expect(screen.getByText('Replace the image…')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the header image' }));
    expect(screen.queryByText('Uploaded: harbour.png')).not.toBeInTheDocument();
    expect(screen.getByText('Choose an image…')).toBeVisible();
  });

  it('tells the editor how many subscribers the e-mail did not reach (issue 24)', async () => {
    server.use(
      http.get(url('/api/news/editor/42'), () =>
        HttpResponse.json({
          ...item,
          status: 'published',
          announcedAt: item.updatedAt,
          mailFailures: 2,
        }),
      ),
    );
    await renderSignedIn('/news/editor/42');
    expect(
      await screen.findByText(
        /^The e-mail about this item did not reach 2 subscribers: the mail server refused it/,
      ),
    ).toBeVisible();
  });

  it('says nothing about e-mail when every mail was taken', async () => {
    await renderSignedIn('/news/editor/42');
    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryByText(/did not reach/)).toBeNull();
  });
});

// Issue 27: one §8 error path. The list, the item and the product choices are the pages'
// data: an error shows the §8 text with a retry (never "News editor…" for ever); a failed save
// shows the §8 text in the form banner (a 400 the API's message), keeping the text.
describe('§8 errors on every call of the news editor', () => {
  const redirects = catchLoginOn401(server);

  describePageLoadErrors(
    server,
    redirects,
    [
      { call: '/api/news/editor', path: '/news/editor', title: 'News editor' },
      { call: '/api/news/editor/42', path: '/news/editor/42', title: `Edit: ${item.title}` },
      { call: '/api/news/editor/products', path: '/news/editor/new', title: 'New news item' },
    ].map(({ title, ...call }) => ({ ...call, ready: { name: title, level: 1 } })),
  );

  it.each(ERROR_CASES)(
    'PUT /api/news/42 $status: the §8 text in the banner',
    async ({ status, answer, text }) => {
      server.use(http.put(url('/api/news/42'), answer));
      const user = userEvent.setup();
      await renderSignedIn('/news/editor/42');
      const title = await screen.findByRole('textbox', { name: 'Title' });
      await user.type(title, ' (typed)');
      await user.click(screen.getByRole('button', { name: 'Save draft' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(title).toHaveValue(`${item.title} (typed)`);
      if (status === 401) await waitFor(() => expect(redirects()).toHaveBeenCalled());
    },
  );
});
