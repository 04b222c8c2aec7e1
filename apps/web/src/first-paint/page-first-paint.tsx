import {
  invoiceAccountListSchema,
  invoiceListSchema,
  productHighlightListSchema,
  productSummaryListSchema,
  type PageFirstPaintInput,
} from '@portico/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { routePaths, withQuery } from '../config/paths.js';
import {
  invoiceAccessQueryOptions,
  type InvoiceAccess,
} from '../features/invoices/api/invoice-access.js';
import {
  INVOICE_PAGE_SIZE,
  invoiceListQueryOptions,
  invoiceQuery,
  type InvoiceListPage,
} from '../features/invoices/api/invoice-list.js';
import { InvoicesPage } from '../features/invoices/components/invoices-page.js';
import { readInvoiceUrlState } from '../features/invoices/hooks/use-invoice-url-state.js';
import {
  productHighlightsQueryKey,
  productsListQueryKey,
} from '../features/my-solutions/api/products.js';
import { DashboardPage } from '../features/my-solutions/components/dashboard-page.js';
import { profileQueryKey } from '../lib/profile/profile-query.js';
import { inShell, setServerLabels } from './first-paint-shell.js';

/**
 * Issue 25: `/invoices` and the My Solutions dashboard painted by the server as the news list
 * is (ADR 0044, 0057), with the app's own page components. The data is what the app's own
 * calls would answer, read through `input.get` under the same addresses, and put in a query
 * client under the same keys, so the page renders here exactly as it will in the browser.
 * Null when there is nothing to paint (no access, a failed call): the app then paints alone.
 */
type Painter = (input: PageFirstPaintInput, cache: QueryClient) => Promise<ReactNode | null>;

const invoices: Painter = async (input, cache) => {
  const access = await input.get(`${input.endpoints.invoices}/accounts`);
  const accounts = invoiceAccountListSchema.safeParse(access?.body);
  if (!accounts.success) return null;
  const granted: InvoiceAccess = { granted: true, accounts: accounts.data };
  cache.setQueryData(invoiceAccessQueryOptions().queryKey, granted);
  const state = readInvoiceUrlState(input.search);
  const list = await input.get(
    withQuery(input.endpoints.invoices, {
      ...invoiceQuery(state),
      page: state.page,
      size: INVOICE_PAGE_SIZE,
    }),
  );
  const items = invoiceListSchema.safeParse(list?.body);
  if (!items.success || list?.total == null) return null;
  const page: InvoiceListPage = { items: items.data, total: list.total };
  cache.setQueryData(invoiceListQueryOptions(state, true).queryKey, page);
  return <InvoicesPage />;
};

const mySolutions: Painter = async (input, cache) => {
  const answer = await input.get(`${input.endpoints.api}/products`);
  const products = productSummaryListSchema.safeParse(answer?.body);
  if (!products.success) return null;
  cache.setQueryData(productsListQueryKey, products.data);
  // The tiles' lines (issue 37), so the picture shows the tiles as the app will.
  const lines = await input.get(`${input.endpoints.api}/products/highlights`);
  const highlights = productHighlightListSchema.safeParse(lines?.body);
  if (highlights.success) cache.setQueryData(productHighlightsQueryKey, highlights.data);
  return <DashboardPage />;
};

const painters: Readonly<Record<string, Painter>> = {
  [routePaths.invoices]: invoices,
  [routePaths.mySolutions]: mySolutions,
};

export async function renderPageFirstPaint(input: PageFirstPaintInput): Promise<string | null> {
  const painter = painters[input.path.replace(/(.)\/$/, '$1')];
  if (!painter) return null;
  const cache = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  try {
    cache.setQueryData(profileQueryKey, input.profile);
    const element = await painter(input, cache);
    if (element === null) return null;
    // The label store is one per process: set and render without a pause in between.
    setServerLabels(input.language, input.labels);
    const page = renderToString(
      <QueryClientProvider client={cache}>
        <StaticRouter location={`${input.path}${input.search}`}>{element}</StaticRouter>
      </QueryClientProvider>,
    );
    return inShell({ header: input.header, footer: input.footer, page });
  } finally {
    cache.clear();
  }
}
