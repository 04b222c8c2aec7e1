import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/providers.js';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../../config/runtime-config.js';
import { useNotificationStore } from '../../../lib/notifications/notification-store.js';
import { installTestConfig, TEST_ORIGIN } from '../../../../test/test-config.js';
import { ModalHost } from './modal-host.js';
import { useModal, useModalStore, type ModalRequest } from './modal-store.js';

const CONTENT_BASE = `${TEST_ORIGIN}/api/content`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  installTestConfig({ contentBase: CONTENT_BASE, contactEmail: 'help@portico.test' });
});
afterEach(() => {
  server.resetHandlers();
  useModalStore.getState().close();
  useNotificationStore.getState().clear();
  setRuntimeConfig(null);
});
afterAll(() => server.close());

function Opener({ request }: { request: ModalRequest }) {
  const modal = useModal();
  return (
    <button type="button" onClick={() => modal.open(request)}>
      help
    </button>
  );
}

function renderHost(request: ModalRequest) {
  // The app's client: a failed query reaches the one §8 handler (ADR 0065).
  const client = createQueryClient();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <Opener request={request} />
      <ModalHost />
    </QueryClientProvider>,
  );
  return { user, open: () => user.click(screen.getByRole('button', { name: 'help' })) };
}

describe('<ModalHost> and useModal (§2 Shared widgets: Modal)', () => {
  it('renders nothing until something opens the modal', () => {
    renderHost({ title: 'Hint', body: '<p>Use quotes</p>' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens with a content document and closes through the store', async () => {
    const { user, open } = renderHost({ title: 'Hint', body: '<p>Use <b>quotes</b></p>' });
    await open();
    expect(await screen.findByRole('dialog', { name: 'Hint' })).toHaveTextContent('Use quotes');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useModalStore.getState().request).toBeNull();
    expect(screen.getByRole('button', { name: 'help' })).toHaveFocus();
  });

  it('fetches a content key first from {content}/infodocument/{id}, then opens', async () => {
    const asked = vi.fn();
    server.use(
      http.get(`${CONTENT_BASE}/infodocument/:id`, ({ params }) => {
        asked(params['id']);
        return HttpResponse.json({
          title: 'Searching the news',
          content: '<p>Type <em>three</em> letters.</p><script>window.hacked = 1</script>',
        });
      }),
    );
    const { open } = renderHost({ contentKey: 'news-help' });
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'Searching the news' });
    expect(asked).toHaveBeenCalledWith('news-help');
    expect(dialog).toHaveTextContent('Type three letters.');
    expect(dialog.querySelector('script')).toBeNull();
  });

  it('sends a failed content fetch to the shared error handling and opens nothing', async () => {
    server.use(
      http.get(`${CONTENT_BASE}/infodocument/:id`, () => new HttpResponse(null, { status: 500 })),
    );
    const { open } = renderHost({ contentKey: 'broken' });
    await open();
    await vi.waitFor(() => expect(useModalStore.getState().request).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useNotificationStore.getState().notification).toMatchObject({
      type: 'error',
      content:
        'Something went wrong. Please send an email to help@portico.test if the situation persists.',
    });
  });

  it('offers a consent button when the request asks for one', async () => {
    const onConsent = vi.fn();
    const { user, open } = renderHost({
      title: 'Cookies',
      body: '<p>We use cookies.</p>',
      consent: { onConsent },
    });
    await open();
    await user.click(screen.getByRole('button', { name: 'I agree' }));
    expect(onConsent).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
