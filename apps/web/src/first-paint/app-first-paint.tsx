import type { FirstPaint, FirstPaintInput, LabelEntry } from '@portico/contracts';
import { WEB_ENGLISH } from '@portico/locales/web-english';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.js';
import { rootRoutes } from '../app/router.js';
import { footerQueryOptions, headerQueryOptions } from '../app/shell/shell-queries.js';
import { userCookieFor } from '../app/start-up.js';
import { setRuntimeConfig } from '../config/runtime-config.js';
import { registeredDefaults } from '../lib/labels/define-labels.js';
import { labelsQueryOptions, type LoadedLabels } from '../lib/labels/labels-query.js';
import { profileQueryKey } from '../lib/profile/profile-query.js';
import { pageDataFor } from './first-paint-pages.js';
import { setServerLabels } from './first-paint-shell.js';

/**
 * The first paint (ADR 0044, 0057, 0075): the whole app rendered on the server for a
 * signed-in user, with the app's own routes, shell and pages, and the data they would ask
 * for in the query cache under the same keys. The browser hydrates this markup (main.tsx):
 * one markup, nothing replaced. Built by `vite build --ssr` into dist-ssr/ (ADR 0045).
 */

const handler = createStaticHandler(rootRoutes);

/**
 * The labels whose text differs from the app's English default (an empty one keeps it). The
 * defaults are the whole English catalogue: in this process only the modules of the pages
 * rendered so far have registered theirs, and an English page carried some 620 labels
 * (47 KB) equal to the app's own as "different".
 */
function beyondDefaults(list: readonly LabelEntry[]): LabelEntry[] {
  const registered = registeredDefaults();
  return list.filter(
    ({ key, value }) => value.trim() !== '' && value !== (registered[key] ?? WEB_ENGLISH[key]),
  );
}

export async function renderFirstPaint(input: FirstPaintInput): Promise<FirstPaint | null> {
  const pageData = pageDataFor(input.path);
  if (!pageData) return null;
  const cache = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  try {
    if (!(await pageData(input, cache))) return null;
    // The guard's loader and the page's lazy route module, as the browser's router runs them.
    const context = await handler.query(
      new Request(new URL(`${input.path}${input.search}`, 'http://portico.invalid')),
    );
    if (context instanceof Response) return null;

    cache.setQueryData(profileQueryKey, input.profile);
    const userCookie = userCookieFor(input.profile);
    cache.setQueryData(headerQueryOptions(userCookie).queryKey, input.header);
    // The label store and the configuration are one per process: set them and render without
    // a pause in between.
    setRuntimeConfig(input.config);
    const locale = setServerLabels(input.language, input.labels);
    cache.setQueryData(footerQueryOptions(locale).queryKey, input.footer);
    const labels: LoadedLabels = { language: locale, labels: {}, fallback: false };
    cache.setQueryData(labelsQueryOptions(locale).queryKey, labels);
    const html = renderToString(
      <StrictMode>
        <AppProviders queryClient={cache}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>
      </StrictMode>,
    );
    return {
      html,
      state: {
        queries: dehydrate(cache, {
          // The header and footer are in the markup once (the app reads them from there);
          // the labels travel as a list (below).
          shouldDehydrateQuery: ({ queryKey }) =>
            queryKey[0] !== 'labels' && queryKey[0] !== 'shell',
        }),
        // The labels travel as the server's list, less what the app's own English defaults
        // already say (most of an English list): the app merges the list over its defaults.
        labels: { language: locale, list: beyondDefaults(input.labels) },
        router: { loaderData: context.loaderData },
      },
    };
  } finally {
    cache.clear();
  }
}
