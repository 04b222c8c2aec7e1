// Word lists the demo news is assembled from. Common words (cloud, release, partner…) recur
// across many items; each entry of `rareDetails` is used exactly once, so full-text search
// has both frequent and one-off terms to find.

export const products = ['ERP', 'ERPx', 'Financials', 'FP&A', 'T&E', 'Talent Management'] as const;
export type ProductName = (typeof products)[number];

/** What each product's releases and roadmaps talk about. */
export const featuresByProduct: Record<ProductName, readonly string[]> = {
  ERP: [
    'project budgeting with live actuals',
    'a redesigned supplier portal',
    'audit-ready approval workflows',
    'self-service time sheets',
    'grant and fund accounting',
  ],
  ERPx: [
    'a faster month-end close',
    'AI-assisted invoice matching',
    'e-invoicing in the cloud',
    'project budgeting with live actuals',
    'a redesigned supplier portal',
    'skills-based resource planning',
  ],
  Financials: [
    'a faster month-end close',
    'multi-currency consolidation',
    'real-time cash positioning',
    'automated bank reconciliation',
    'AI-assisted invoice matching',
  ],
  'FP&A': [
    'scenario planning for the whole year',
    'driver-based forecasting',
    'rolling forecasts in the browser',
    'workforce cost planning',
  ],
  'T&E': [
    'mobile expense capture',
    'receipt scanning on every phone',
    'per-diem rules for every country',
    'corporate card feeds',
  ],
  'Talent Management': [
    'continuous performance reviews',
    'succession planning',
    'skills-based staffing',
    'learning paths for new hires',
  ],
};

export const locations = [
  'Utrecht, Netherlands',
  'Oslo, Norway',
  'Stockholm, Sweden',
  'London, United Kingdom',
  'Boston, United States',
  'Kraków, Poland',
  'Lisbon, Portugal',
  'Madrid, Spain',
  'Paris, France',
  'Copenhagen, Denmark',
  'Toronto, Canada',
  'Sydney, Australia',
  'Singapore',
  'Munich, Germany',
] as const;

export const cloudRegions = [
  'Frankfurt',
  'Amsterdam',
  'Dublin',
  'Stockholm',
  'Toronto',
  'Sydney',
  'Singapore',
  'Virginia',
] as const;

export const partnerCompanies = [
  'Nordlys Advisory',
  'Bluepeak Consulting',
  'Castellan Digital',
  'Ironbridge Partners',
  'Helix Systems',
  'Larkspur Solutions',
  'Quayside IT',
  'Vantage Point Consulting',
  'Greystone Analytics',
  'Tidewater Group',
] as const;

export const customers = [
  'the City of Lakeside',
  'Harbourview University',
  'Alder Health Trust',
  'Summit Relief International',
  'Pinecrest College',
  'Oakridge Engineering',
  'the Marlow Foundation',
  'Fjordline Ferries',
  'Silverbirch Care',
  'Redwood Property Group',
] as const;

/** What a customer achieved, and with which product. */
export const achievements: readonly (readonly [string, ProductName])[] = [
  ['cut its month-end close from ten days to four', 'Financials'],
  ['moved three thousand employees to mobile expenses', 'T&E'],
  ['replaced twelve spreadsheets with one plan', 'FP&A'],
  ['automated most of its supplier invoices', 'ERPx'],
  ['went live in the cloud in fourteen weeks', 'ERPx'],
  ['halved the time it spends preparing audits', 'ERP'],
  ['gave every manager a live view of the budget', 'FP&A'],
  ['filled open roles from its own talent pool', 'Talent Management'],
  ['paid every expense claim within five days', 'T&E'],
  ['brought twelve entities onto one ledger', 'Financials'],
];

export const industries = [
  'professional services',
  'the public sector',
  'the non-profit sector',
  'higher education',
  'property management',
  'wholesale distribution',
] as const;

export const topics = [
  'cloud migration',
  'continuous accounting',
  'workforce planning',
  'expense policy automation',
  'release readiness',
  'partner onboarding',
  'data-driven budgeting',
  'modern audit trails',
] as const;

export const themes = [
  'growing together in the cloud',
  'faster implementations for mid-sized customers',
  'the next release wave',
  'building industry solutions on our platform',
  'selling the value of planning',
  'services that keep customers for life',
  'AI in everyday finance',
  'winning in the public sector',
] as const;

export const components = [
  'the integration gateway',
  'the document archive',
  'the mobile app',
  'the reporting service',
  'the identity connector',
  'the payment file converter',
  'the workflow engine',
  'the data export tool',
] as const;

export const categories = [
  'cloud ERP for service-centric organisations',
  'financial planning software',
  'mid-market talent management',
  'expense management',
  'public-sector financials',
  'project-based ERP',
] as const;

export const maintenanceWindows = [
  'on Saturday night',
  'early on Sunday morning',
  'next weekend',
  'during the monthly service window',
] as const;

export const spokespeople = [
  ['Marieke de Vries', 'Chief Product Officer'],
  ['Daniel Brooks', 'Vice President, Partner Ecosystem'],
  ['Ingrid Solberg', 'Head of Cloud Operations'],
  ['Tomasz Nowak', 'Director of Customer Success'],
  ['Ana Ferreira', 'Chief Technology Officer'],
] as const;

export const quotes = [
  'Our customers told us where the friction was, and this release removes it',
  'Partners are how we reach organisations of every size, and we are investing in them',
  'Moving to the cloud should feel like an upgrade, not a project',
  'Every finance team deserves numbers it can trust on the first day of the month',
  'People are the heart of a service business, so our software starts with them',
] as const;

export const closings = [
  'The release notes are available in the community, and customers can try the new features in their preview environment today.',
  'Partners can find enablement material and demo scripts on the sales-partner resources site.',
  'Customers in the cloud receive the update automatically; on-premises customers can download it from My Solutions.',
  'Questions? Your account manager or partner is happy to help.',
  'More details follow in the next webinar; registration is open on the learning platform.',
] as const;

/** One-off phrases: each is placed in exactly one item. */
export const rareDetails = [
  'The Norwegian SAF-T export now includes the 2.0 general-ledger mapping.',
  'Balance sheets can be exported as XBRL for the national business register.',
  'Invoices can now be sent through the Polish KSeF platform.',
  'Danish customers can exchange invoices over NemHandel.',
  'German customers can receive ZUGFeRD invoices without manual keying.',
  'Italian subsidiaries can file through FatturaPA directly.',
  'The Swedish Svefaktura format is supported for public-sector buyers.',
  'Belgian customers can report through Mercurius.',
  'Expense rules now understand the Finnish kilometre allowance.',
  'The planning model adds a Monte Carlo view of the cash forecast.',
] as const;
