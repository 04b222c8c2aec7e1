import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.js';
import { startFirstRequests, startLaterRequests } from './app/first-requests.js';
import { hydrateFirstPaint, readFirstPaintState } from './app/first-paint-hydration.js';
import { capturePreviewLanguage } from './lib/labels/preview-language.js';
import { createAppRouter } from './app/router.js';
import { loadRuntimeConfig } from './config/runtime-config.js';
import { browserTimeZone } from './lib/format/time-zone.js';
import { nextTask } from './lib/tasks/next-task.js';
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
  container.replaceChildren(main);
}

/** How long the first render waits for the first screen's answers at most. */
const FIRST_RENDER_WAIT_MS = 3000;

/** Resolves once the router has matched the address, loaded its route and run its loaders. */
function routerReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
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
  // From here on each step is a task of its own, the first requests included (they start
  // their page's half in a task of its own too): one long task would hold the server's painted
  // page frozen on a slow phone (issue 25, TBT). This first boundary ends the entry's
  // evaluation.
  await nextTask();
  // The server painted this page with the app itself (ADR 0075): React takes that markup over.
  const painted = readFirstPaintState(container);
  if (painted) {
    // Should the page's code not load, the app renders the page itself (and says why).
    const root = await hydrateFirstPaint(container, queryClient, painted).catch(
      (error: unknown) => {
        console.error('The painted page could not be taken over', error);
        return null;
      },
    );
    if (root) {
      startLaterRequests(queryClient);
      return root;
    }
  }
  const firstScreen = startFirstRequests(queryClient, window.location);
  // The first use of a time zone loads the browser's zone data (about a tenth of a second on a
  // slow phone), not inside the first render that formats a date.
  await nextTask();
  browserTimeZone();
  await nextTask();
  const router = createAppRouter();
  // React renders once the first screen's answers and route are in (or after a while, when
  // one is slow): each answer arriving into a rendered app re-renders it at once, in one
  // task each, while a render with everything in is done in slices (issue 25, TBT).
  await Promise.race([
    Promise.all([firstScreen, routerReady(router)]),
    new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
  const root = createRoot(container);
  // A transition: React renders the app in slices, yielding to the browser between them.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
  return root;
}

const container = document.getElementById('root');
if (container) void start(container);
