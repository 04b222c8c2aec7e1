import {
  invoiceAccountListSchema,
  invoiceListSchema,
  productHighlightListSchema,
  productSummaryListSchema,
  recentAccountsSchema,
  type FirstPaintInput,
} from '@portico/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import {
  accountInView,
  recentAccountsQueryOptions,
} from '../components/account-picker/account-picker-api.js';
import { routeParams, routePaths, withQuery } from '../config/paths.js';
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
import { readInvoiceUrlState } from '../features/invoices/hooks/use-invoice-url-state.js';
import {
  productHighlightsQueryKey,
  productsListQueryKey,
} from '../features/my-solutions/api/products.js';
import { newsListQueryOptions } from '../features/news/api/news-list.js';
import { readNewsUrlState } from '../features/news/hooks/use-news-url-state.js';

/**
 * The data of each page the server paints (issue 25, ADR 0057, 0075), put in the query cache
 * under the keys the app's own calls use, so the app renders there exactly what it will
 * render in the browser. The data is what those calls would answer: the news list's page as
 * the server read it for the app's call (ADR 0043), the others read through `input.get`
 * under the same addresses. False when there is nothing to paint (no access, a failed call):
 * the app then paints alone.
 */
type PageData = (input: FirstPaintInput, cache: QueryClient) => Promise<boolean>;

/** The list criteria of a news list address, as the page reads them (no remembered query). */
export function newsCriteriaOf(path: string, search: string) {
  const page = matchPath(routePaths.newsPage, path)?.params[routeParams.page];
  return readNewsUrlState(search, page, false);
}

const news: PageData = (input, cache) => {
  if (!input.news) return Promise.resolve(false);
  cache.setQueryData(
    newsListQueryOptions(newsCriteriaOf(input.path, input.search)).queryKey,
    input.news,
  );
  return Promise.resolve(true);
};

const invoices: PageData = async (input, cache) => {
  const access = await input.get(`${input.endpoints.invoices}/accounts`);
  const accounts = invoiceAccountListSchema.safeParse(access?.body);
  if (!accounts.success) return false;
  const granted: InvoiceAccess = { granted: true, accounts: accounts.data };
  cache.setQueryData(invoiceAccessQueryOptions().queryKey, granted);
  // The account in view: the address's, else the last one used (ADR 0070), as in the browser.
  const recents = recentAccountsSchema.safeParse(
    (await input.get(`${input.endpoints.api}/accounts/recent`))?.body,
  );
  if (!recents.success) return false;
  cache.setQueryData(recentAccountsQueryOptions().queryKey, recents.data);
  const named = readInvoiceUrlState(input.search);
  const state = { ...named, accountId: accountInView(named.accountId, recents.data) };
  const list = await input.get(
    withQuery(input.endpoints.invoices, {
      ...invoiceQuery(state),
      page: state.page,
      size: INVOICE_PAGE_SIZE,
    }),
  );
  const items = invoiceListSchema.safeParse(list?.body);
  if (!items.success || list?.total == null) return false;
  const page: InvoiceListPage = { items: items.data, total: list.total };
  cache.setQueryData(invoiceListQueryOptions(state, true).queryKey, page);
  return true;
};

const mySolutions: PageData = async (input, cache) => {
  const answer = await input.get(`${input.endpoints.api}/products`);
  const products = productSummaryListSchema.safeParse(answer?.body);
  if (!products.success) return false;
  cache.setQueryData(productsListQueryKey, products.data);
  // The tiles' lines (issue 37), so the page shows the tiles as the app will.
  const lines = await input.get(`${input.endpoints.api}/products/highlights`);
  const highlights = productHighlightListSchema.safeParse(lines?.body);
  if (highlights.success) cache.setQueryData(productHighlightsQueryKey, highlights.data);
  return true;
};

const pages: ReadonlyArray<readonly [string, PageData]> = [
  [routePaths.news, news],
  [routePaths.newsPage, news],
  [routePaths.invoices, invoices],
  [routePaths.mySolutions, mySolutions],
];

/** The data reader of a painted page's address; null for any other. */
export function pageDataFor(path: string): PageData | null {
  return pages.find(([pattern]) => matchPath(pattern, path) !== null)?.[1] ?? null;
}
