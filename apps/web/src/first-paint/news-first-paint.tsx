import type { NewsFirstPaintInput } from '@portico/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { NewsListPage } from '../features/news/components/news-list-page.js';
import { newsListQueryOptions } from '../features/news/api/news-list.js';
import { readNewsUrlState } from '../features/news/hooks/use-news-url-state.js';
import { profileQueryKey } from '../lib/profile/profile-query.js';
import { routePaths } from '../config/paths.js';
import { inShell, setServerLabels } from './first-paint-shell.js';

/**
 * The news list rendered on the server into the first HTML (ADR 0044), with the app's own
 * components, so the first paint needs no script: what the app will show once it has
 * started, for a signed-in user whose session the server has checked. The app replaces it
 * when it is ready. Built by `vite build --ssr` (React, as the app: ADR 0047) into dist-ssr/.
 */
/** The list criteria of an address, as the page reads them (no remembered query here). */
export function newsCriteriaOf(path: string, search: string) {
  const page = /^\/news\/([^/]+)$/.exec(path)?.[1];
  return readNewsUrlState(search, page, false);
}

export function renderNewsFirstPaint(input: NewsFirstPaintInput): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(profileQueryKey, input.profile);
  const criteria = newsCriteriaOf(input.path, input.search);
  queryClient.setQueryData(newsListQueryOptions(criteria).queryKey, input.news);

  // The label store is one per process: set and render without a pause in between.
  setServerLabels(input.language, input.labels);
  const page = renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={`${input.path}${input.search}`}>
        <Routes>
          <Route path={routePaths.news} element={<NewsListPage />} />
          <Route path={routePaths.newsPage} element={<NewsListPage />} />
        </Routes>
      </StaticRouter>
    </QueryClientProvider>,
  );
  queryClient.clear();
  return inShell({ header: input.header, footer: input.footer, page });
}
