import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { shellHandlers, signIn } from '../test/app-test-harness.js';
import { setRuntimeConfig } from './config/runtime-config.js';
import { start } from './main.js';
import { setupTestServer } from '../test/msw.js';
import { installTestConfig, TEST_ORIGIN } from '../test/test-config.js';

const server = setupTestServer();

describe('start-up: configuration first (§7)', () => {
  it('shows a readable message, not a blank page, when /config.json cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // No configuration yet, as on a fresh page (the files share one module graph).
    setRuntimeConfig(null);
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

describe('start-up: one first render (issue 25)', () => {
  it('renders once the first screen has answered: the page, never the starting-up message', async () => {
    installTestConfig();
    server.use(...shellHandlers());
    signIn();
    window.history.replaceState(null, '', '/university');
    const container = document.body.appendChild(document.createElement('div'));
    // Everything the app ever put in the container, from its first render on.
    const shown: string[] = [];
    const watcher = new MutationObserver(() => shown.push(container.textContent));
    watcher.observe(container, { childList: true, subtree: true, characterData: true });

    const root = await start(container);

    // The route, its data and labels were in before React rendered anything.
    expect(shown).toEqual([]);
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(shown.some((text) => text.includes('Loading the portal'))).toBe(false);
    watcher.disconnect();
    root?.unmount();
    container.remove();
  });
});
