import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.js';
import { startFirstRequests } from './app/first-requests.js';
import { removeFirstPaint } from './lib/auth/first-paint.js';
import { capturePreviewLanguage } from './lib/labels/preview-language.js';
import { createAppRouter } from './app/router.js';
import { loadRuntimeConfig } from './config/runtime-config.js';
import { browserTimeZone } from './lib/format/time-zone.js';
import './app/start.labels.js';
import { i18n } from './lib/labels/i18n.js';

/**
 * Start: the configuration first (every address comes from it, §7; written into the first
 * HTML, else /config.json), then every request the first screen needs, side by side
 * (first-requests.ts, ADR 0021), then the app. Without a configuration nothing can work, so
 * a readable message replaces the app instead of a blank page. Server labels need the
 * configuration, so the message uses the English defaults.
 */

function showStartFailure(container: HTMLElement, error: unknown): void {
  console.error('Portico could not start', error);
  const main = document.createElement('main');
  main.id = 'main';
  main.className = 'app-start-failure';
  const message = document.createElement('div');
  message.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = i18n.t('start.failed.title');
  const text = document.createElement('p');
  text.textContent = i18n.t('start.failed.body');
  message.append(title, text);
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = i18n.t('start.failed.reload');
  reload.addEventListener('click', () => window.location.reload());
  main.append(message, reload);
  removeFirstPaint();
  container.replaceChildren(main);
}

/** Loads the configuration, then renders the app into `container`; null when it could not start. */
export async function start(container: HTMLElement): Promise<Root | null> {
  try {
    await loadRuntimeConfig();
  } catch (error) {
    showStartFailure(container, error);
    return null;
  }
  const queryClient = createQueryClient();
  capturePreviewLanguage(window.location.search);
  startFirstRequests(queryClient, window.location);
  // The first use of a time zone loads the browser's zone data (about a tenth of a second on a
  // slow phone): in a task of its own while the first requests are on their way, not inside
  // the first render that formats a date (issue 25, TBT).
  setTimeout(browserTimeZone, 0);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
  return root;
}

const container = document.getElementById('root');
if (container) void start(container);
