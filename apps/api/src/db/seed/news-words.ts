// Word lists the demo news is assembled from. Common words (cloud, release, partner…) recur
// across many items; each entry of `rareDetails` is used exactly once, so full-text search
// has both frequent and one-off terms to find.

export const products = ['ERP', 'ERPx', 'Financials', 'FP&A', 'T&E', 'Talent Management'] as const;

export const features = [
  'a faster month-end close',
  'AI-assisted invoice matching',
  'multi-currency consolidation',
  'mobile expense capture',
  'scenario planning for the whole year',
  'continuous performance reviews',
  'project budgeting with live actuals',
  'real-time cash positioning',
  'automated bank reconciliation',
  'skills-based staffing',
  'audit-ready approval workflows',
  'e-invoicing in the cloud',
  'driver-based forecasting',
  'receipt scanning on every phone',
  'succession planning',
  'grant and fund accounting',
  'self-service time sheets',
  'a redesigned supplier portal',
] as const;

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

export const achievements = [
  'cut its month-end close from ten days to four',
  'moved three thousand employees to mobile expenses',
  'replaced twelve spreadsheets with one plan',
  'automated most of its supplier invoices',
  'went live in the cloud in fourteen weeks',
  'halved the time it spends preparing audits',
  'gave every manager a live view of the budget',
  'filled open roles from its own talent pool',
] as const;

export const industries = [
  'professional services',
  'the public sector',
  'non-profit organisations',
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
] as const;

export const components = [
  'the integration gateway',
  'the document archive',
  'the mobile app',
  'the reporting service',
  'the identity connector',
] as const;

export const categories = [
  'cloud ERP for service-centric organisations',
  'financial planning software',
  'mid-market talent management',
  'expense management',
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
