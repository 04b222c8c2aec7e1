import { WIZARD_TARGETS, type WizardTarget } from '@portico/contracts/values';
import { paths, withQuery, type ProductSection } from '../../../config/paths.js';

/**
 * The product-information wizard of the dashboard (§1; ADR 0036): four steps — product,
 * release, what, optional query. Every answer and the current step are search parameters of
 * /my-solutions, so back and forward, reload and a shared link all keep the wizard's state.
 */
export const WIZARD_STEPS = ['product', 'release', 'what', 'query'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export interface WizardState {
  /** 1-based index into WIZARD_STEPS. */
  step: number;
  /** A product id ('' = none chosen). */
  product: string;
  /** A version ('' = any release). */
  release: string;
  what: WizardTarget | '';
  query: string;
}

export const WIZARD_PARAMS = {
  step: 'step',
  product: 'product',
  release: 'release',
  what: 'what',
  query: 'query',
} as const;

const isTarget = (value: string): value is WizardTarget =>
  (WIZARD_TARGETS as readonly string[]).includes(value);

/**
 * The state in a query string. A step the answers do not reach yet (step 3 without a
 * product, step 4 without a "what") falls back to the first unanswered one.
 */
export function readWizardState(search: string): WizardState {
  const params = new URLSearchParams(search);
  const product = params.get(WIZARD_PARAMS.product)?.trim() ?? '';
  const release = params.get(WIZARD_PARAMS.release)?.trim() ?? '';
  const whatValue = params.get(WIZARD_PARAMS.what) ?? '';
  const what = isTarget(whatValue) ? whatValue : '';
  const query = params.get(WIZARD_PARAMS.query) ?? '';
  const asked = Number(params.get(WIZARD_PARAMS.step) ?? '1');
  let step = Number.isInteger(asked) ? Math.min(Math.max(asked, 1), WIZARD_STEPS.length) : 1;
  if (step > 1 && product === '') step = 1;
  else if (step > 3 && what === '') step = 3;
  return { step, product, release, what, query };
}

/** The dashboard's address with this wizard state (empty answers are left out). */
export function wizardHref(state: WizardState): string {
  return withQuery(paths.mySolutions(), {
    [WIZARD_PARAMS.step]: state.step === 1 ? undefined : state.step,
    [WIZARD_PARAMS.product]: state.product,
    [WIZARD_PARAMS.release]: state.release,
    [WIZARD_PARAMS.what]: state.what,
    [WIZARD_PARAMS.query]: state.query,
  });
}

const SECTION_OF: Record<WizardTarget, ProductSection> = {
  documentation: 'documentation',
  downloads: 'software',
  'release-notes': 'release-notes',
  news: 'news',
};

/**
 * Where the wizard lands: the product page's tab with the filters applied. Documentation,
 * downloads and release notes take `release` (the documentation's release facet) and
 * `query`; news has no releases, so only `query`.
 */
export function wizardTarget(
  state: WizardState,
  product: { slug: string; contentId: string },
): string | null {
  if (state.what === '') return null;
  const query = state.query.trim();
  return paths.productSection(product.slug, product.contentId, SECTION_OF[state.what], {
    query,
    release: state.what === 'news' ? undefined : state.release,
  });
}
