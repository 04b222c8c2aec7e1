import { SEARCH_COUNT_LIMIT } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildSearchCards,
  countLabel,
  searchTotal,
  totalLabel,
  type SearchCardsInput,
  type SearchSourceResults,
} from './search-cards.js';

// §2 Search results page (order, gating, links, disabled), §5 totals, §6 SUPPORT_SERVICE_NOW.

const erp = { slug: 'erp', contentId: 'c-erp' };

function answered(overrides: Partial<SearchSourceResults> = {}): SearchSourceResults {
  return {
    product: {
      status: 'success',
      data: { productDocumentation: 4, productSoftwareDownloads: 0, productNews: 1 },
    },
    community: { status: 'success', data: { count: 12, url: 'https://community.test/s?q=x' } },
    news: { status: 'success', data: 7 },
    support: {
      status: 'success',
      data: {
        casesCount: 2,
        serviceCatalogCount: 3,
        knowledgeArticlesCount: 5,
        casesUrl: 'https://sn.test/cases',
        serviceCatalogUrl: 'https://sn.test/catalog',
        knowledgeArticlesUrl: 'https://sn.test/knowledge',
      },
    },
    university: { status: 'success', data: { count: 9, url: 'https://learn.test/s' } },
    ...overrides,
  };
}

function input(overrides: Partial<SearchCardsInput> = {}): SearchCardsInput {
  return {
    query: 'report',
    product: erp,
    canSearchSupport: true,
    sources: answered(),
    ...overrides,
  };
}

const words = (text: string) => text.split(' ');
const ids = (i: SearchCardsInput) => buildSearchCards(i).map((card) => card.id);
const card = (i: SearchCardsInput, id: string) => {
  const found = buildSearchCards(i).find((c) => c.id === id);
  if (!found) throw new Error(`no ${id} card`);
  return found;
};

describe('search cards', () => {
  it('come in the §2 order, all nine with SUPPORT_SERVICE_NOW', () => {
    // Written out here in §2's order, not taken from the contract the cards are built from.
    expect(ids(input())).toEqual(
      words(
        'community knowledgeArticles university productDocumentation cases serviceCatalog productSoftwareDownloads productNews news',
      ),
    );
  });

  it('leave out knowledge articles, cases and service catalogue without SUPPORT_SERVICE_NOW', () => {
    expect(
      ids(input({ canSearchSupport: false, sources: answered({ support: { status: 'idle' } }) })),
    ).toEqual(
      words('community university productDocumentation productSoftwareDownloads productNews news'),
    );
  });

  it('hide the University card at -1 only; 0 stays, disabled', () => {
    const unreachable = answered({
      university: { status: 'success', data: { count: -1, url: 'u' } },
    });
    expect(ids(input({ sources: unreachable }))).not.toContain('university');
    const none = answered({ university: { status: 'success', data: { count: 0, url: 'u' } } });
    expect(card(input({ sources: none }), 'university')).toMatchObject({
      state: 'answered',
      count: 0,
      enabled: false,
    });
    // While it answers, and when it failed, the card is shown.
    expect(
      card(input({ sources: answered({ university: { status: 'loading' } }) }), 'university'),
    ).toMatchObject({ state: 'loading', enabled: false });
    expect(
      card(input({ sources: answered({ university: { status: 'failed' } }) }), 'university'),
    ).toMatchObject({ state: 'failed', enabled: false });
  });

  it('link to the API urls, the product sections and /news with the query', () => {
    const cards = buildSearchCards(input({ query: 'a&b' }));
    const urls = Object.fromEntries(cards.map((c) => [c.id, c.url]));
    expect(urls).toEqual({
      community: 'https://community.test/s?q=x',
      knowledgeArticles: 'https://sn.test/knowledge',
      university: 'https://learn.test/s',
      productDocumentation: '/my-solutions/erp/c-erp/documentation?query=a%26b',
      cases: 'https://sn.test/cases',
      serviceCatalog: 'https://sn.test/catalog',
      productSoftwareDownloads: '/my-solutions/erp/c-erp/software?query=a%26b',
      productNews: '/my-solutions/erp/c-erp/news?query=a%26b',
      news: '/news?query=a%26b',
    });
  });

  it('are enabled only with a positive count and somewhere to go', () => {
    const enabled = Object.fromEntries(buildSearchCards(input()).map((c) => [c.id, c.enabled]));
    expect(enabled).toEqual({
      community: true,
      knowledgeArticles: true,
      university: true,
      productDocumentation: true,
      cases: true,
      serviceCatalog: true,
      productSoftwareDownloads: false, // count 0
      productNews: true,
      news: true,
    });
    // A product whose slug is unknown has counts but nowhere to go.
    expect(card(input({ product: null }), 'productDocumentation')).toMatchObject({
      count: 4,
      url: null,
      enabled: false,
    });
  });

  it('say "no product" on the product cards when no product is chosen; the others answer', () => {
    const cards = buildSearchCards(
      input({ product: null, sources: answered({ product: { status: 'idle' } }) }),
    );
    const product = cards.filter((c) => c.id.startsWith('product'));
    expect(product.map((c) => [c.state, c.enabled])).toEqual([
      ['no-product', false],
      ['no-product', false],
      ['no-product', false],
    ]);
    expect(cards.find((c) => c.id === 'community')).toMatchObject({ state: 'answered', count: 12 });
  });

  it('mark the cards of a failed source as failed and disabled, the others unaffected', () => {
    const cards = buildSearchCards(input({ sources: answered({ support: { status: 'failed' } }) }));
    const state = Object.fromEntries(cards.map((c) => [c.id, [c.state, c.enabled]]));
    expect(state['knowledgeArticles']).toEqual(['failed', false]);
    expect(state['cases']).toEqual(['failed', false]);
    expect(state['serviceCatalog']).toEqual(['failed', false]);
    expect(state['community']).toEqual(['answered', true]);
  });
});

describe('search total (§5)', () => {
  it('sums only the positive counts of the visible cards', () => {
    // 12 + 5 + 9 + 4 + 2 + 3 + 0 + 1 + 7
    expect(searchTotal(buildSearchCards(input()))).toEqual({
      total: 43,
      loading: false,
      allAnswered: true,
      atLeast: false,
    });
    // Without SUPPORT_SERVICE_NOW the support counts are not on the page, so not in the total.
    expect(searchTotal(buildSearchCards(input({ canSearchSupport: false }))).total).toBe(33);
    // A hidden University (-1) adds nothing and takes nothing away.
    const unreachable = answered({
      university: { status: 'success', data: { count: -1, url: 'u' } },
    });
    expect(searchTotal(buildSearchCards(input({ sources: unreachable })))).toMatchObject({
      total: 34,
      allAnswered: true,
    });
  });

  it('is not "all answered" while a source loads or after one failed', () => {
    const loading = searchTotal(
      buildSearchCards(input({ sources: answered({ news: { status: 'loading' } }) })),
    );
    expect(loading).toMatchObject({ loading: true, allAnswered: false, total: 36 });
    const failed = searchTotal(
      buildSearchCards(input({ sources: answered({ community: { status: 'failed' } }) })),
    );
    expect(failed).toMatchObject({ loading: false, allAnswered: false, total: 31 });
  });

  it('is "at least" when a count reached the API bound', () => {
    const big = answered({ news: { status: 'success', data: SEARCH_COUNT_LIMIT } });
    const total = searchTotal(buildSearchCards(input({ sources: big })));
    expect(total.atLeast).toBe(true);
    expect(totalLabel(total)).toBe('search.total.at-least');
    expect(totalLabel({ ...total, atLeast: false })).toBe('search.total');
  });
});

describe('count labels (§2)', () => {
  it('say no results, 1 result or N results', () => {
    expect(countLabel(0)).toEqual({ key: 'search.count.none', count: 0 });
    expect(countLabel(-1)).toEqual({ key: 'search.count.none', count: 0 });
    expect(countLabel(1)).toEqual({ key: 'search.count', count: 1 });
    expect(countLabel(2)).toEqual({ key: 'search.count', count: 2 });
    expect(countLabel(SEARCH_COUNT_LIMIT - 1).key).toBe('search.count');
    expect(countLabel(SEARCH_COUNT_LIMIT).key).toBe('search.count.at-least');
  });
});
