import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { start } from './main.js';
import { setupTestServer } from './testing/msw.js';
import { TEST_ORIGIN } from './testing/test-config.js';

const server = setupTestServer();

describe('start-up: configuration first (§7)', () => {
  it('shows a readable message, not a blank page, when /config.json cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(`${TEST_ORIGIN}/config.json`, () => new HttpResponse(null, { status: 503 })),
    );
    const container = document.body.appendChild(document.createElement('div'));

    expect(await start(container)).toBeNull();

    expect(screen.getByRole('alert')).toHaveTextContent('Portico could not start');
    expect(screen.getByRole('alert')).toHaveTextContent('configuration could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    container.remove();
  });
});
