import { newsItemPath } from '@portico/contracts/paths';

/**
 * The paths registry (§2): every route path of the SPA and the href builders that produce
 * links to them, in one place. Route patterns (`routePaths`) are what the router matches;
 * builders (`paths`) are what links and navigations use, so a path changes in one place.
 */

/** Route patterns, absolute, in React Router syntax. */
export const routePaths = {
  root: '/',
  home: '/home',
  login: '/login',
  /** The sign-in callback (the OpenID Connect redirect_uri). */
  stateRedirect: '/state-redirect',
  logout: '/logout',
  news: '/news',
  newsItem: '/news/news-item/:newsTitle/:newsId',
  newsPage: '/news/:page',
  /** News publishing (issue 12): vendor employees' editor, its list and one item. */
  newsEditor: '/news/editor',
  newsEditorItem: '/news/editor/:newsId',
  search: '/search',
  mySolutions: '/my-solutions',
  mySolutionsAny: '/my-solutions/*',
  cloud: '/cloud',
  cloudAny: '/cloud/*',
  cloudMaintenance: '/cloud/maintenance',
  cloudReleaseSchedules: '/cloud/release-schedules',
  cloudNotifications: '/cloud/notifications',
  cloudReports: '/cloud/reports',
  /** Invoices (issue 14): the account's bills, for users with the INVOICES permission. */
  invoices: '/invoices',
  services: '/services',
  servicesIncident: '/services/incident',
  servicesServiceRequest: '/services/service-request',
  servicesTrackCases: '/services/track-cases',
  servicesTrackCase: '/services/track-case/:caseNo',
  servicesPortals: '/services/portals',
  servicesContacts: '/services/contacts',
  userManagement: '/user-management',
  userManagementAny: '/user-management/*',
  userManagementUser: '/user-management/:userId',
  mySettings: '/my-settings',
  mySettingsSubscriptions: '/my-settings/subscriptions',
  downloadReportEngine: '/download-report-engine',
  university: '/university',
  resources: '/resources',
  salesPartners: '/salespartners',
  marketplace: '/marketplace',
  billingPlatform: '/billingplatform',
  csm: '/csm',
  /** The external provider's identity has no Portico user (ADR 0029). */
  identityRefused: '/account-unknown',
  /** Anything else leaves the app for the community site (§2 last row). */
  notFound: '*',
} as const;

export type RoutePathName = keyof typeof routePaths;

/** Route parameter names, for useParams(). */
export const routeParams = {
  newsTitle: 'newsTitle',
  newsId: 'newsId',
  page: 'page',
  caseNo: 'caseNo',
  userId: 'userId',
} as const;

/** The query parameter the login route reads (§2 login row). */
export const RETURN_URL_PARAM = 'returnUrl';

// One slug for both apps (the API writes news links into mail).
export { slugify } from '@portico/contracts/paths';

type QueryValue = string | number | boolean | null | undefined;

/** Appends the non-empty parameters as a query string. */
export function withQuery(path: string, query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

const seg = (value: string | number): string => encodeURIComponent(String(value));

/** The tabs of a product page (§2 names the first three; release notes is issue 13's). */
export type ProductSection = 'documentation' | 'software' | 'release-notes' | 'news';

/** Href builders. Every builder returns an absolute in-app path. */
export const paths = {
  root: () => routePaths.root,
  home: () => routePaths.home,
  /** The login route; returnUrl is where to come back to after sign-in (path + query). */
  login: (returnUrl?: string) => withQuery(routePaths.login, { [RETURN_URL_PARAM]: returnUrl }),
  stateRedirect: () => routePaths.stateRedirect,
  logout: () => routePaths.logout,
  news: (query: { page?: number; query?: string; startDate?: string; endDate?: string } = {}) =>
    withQuery(routePaths.news, query),
  newsItem: newsItemPath,
  newsEditor: () => routePaths.newsEditor,
  /** 'new' for a new item. */
  newsEditorItem: (id: number | 'new') => `/news/editor/${seg(id)}`,
  search: (query?: string, productId?: string) =>
    withQuery(routePaths.search, { query, productId }),
  mySolutions: () => routePaths.mySolutions,
  /** §2 Search results: my-solutions/{product slug}/{contentId}/documentation|software|news. */
  productSection: (
    slug: string,
    contentId: string,
    section: ProductSection,
    query: Record<string, QueryValue> = {},
  ) => withQuery(`/my-solutions/${seg(slug)}/${seg(contentId)}/${section}`, query),
  cloud: () => routePaths.cloud,
  cloudMaintenance: () => routePaths.cloudMaintenance,
  cloudReleaseSchedules: () => routePaths.cloudReleaseSchedules,
  cloudNotifications: () => routePaths.cloudNotifications,
  cloudReports: () => routePaths.cloudReports,
  invoices: (
    query: {
      sort?: string;
      order?: string;
      status?: string;
      startDate?: string;
      endDate?: string;
      page?: number;
      accountId?: string;
    } = {},
  ) => withQuery(routePaths.invoices, query),
  services: () => routePaths.services,
  servicesIncident: () => routePaths.servicesIncident,
  servicesServiceRequest: () => routePaths.servicesServiceRequest,
  servicesTrackCases: () => routePaths.servicesTrackCases,
  servicesTrackCase: (caseNo: string) => `/services/track-case/${seg(caseNo)}`,
  servicesPortals: () => routePaths.servicesPortals,
  servicesContacts: () => routePaths.servicesContacts,
  userManagement: () => routePaths.userManagement,
  mySettings: () => routePaths.mySettings,
  mySettingsSubscriptions: () => routePaths.mySettingsSubscriptions,
  downloadReportEngine: () => routePaths.downloadReportEngine,
  university: () => routePaths.university,
  resources: () => routePaths.resources,
  salesPartners: () => routePaths.salesPartners,
  marketplace: () => routePaths.marketplace,
  billingPlatform: () => routePaths.billingPlatform,
  csm: () => routePaths.csm,
  identityRefused: () => routePaths.identityRefused,
} as const;
