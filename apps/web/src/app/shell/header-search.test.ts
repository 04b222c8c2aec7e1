import { describe, expect, it } from 'vitest';
import {
  fillProductOptions,
  findHeaderSearch,
  mergeProducts,
  readHeaderSearch,
} from './header-search.js';

const erpx = { contentId: 'c-erpx', productName: 'erpx', slug: 'erpx' };
const fin = { contentId: 'c-fin', productName: 'Financials', slug: 'financials' };
const tm = { contentId: 'c-tm', productName: 'Talent Management', slug: 'talent-management' };

function form(html: string) {
  const host = document.createElement('div');
  host.innerHTML = html;
  return findHeaderSearch(host);
}

const options = (select: HTMLSelectElement) =>
  Array.from(select.options, (o) => [o.value, o.textContent]);

describe('header search form', () => {
  it('merges catalogue and connected products once each, by name', () => {
    expect(mergeProducts([tm, erpx], [erpx, fin]).map((p) => p.contentId)).toEqual([
      'c-erpx',
      'c-fin',
      'c-tm',
    ]);
  });

  it('adds an "all products" choice first when the server sends none, then the products', () => {
    const search = form(
      '<form role="search"><input name="query"><select name="productId"></select></form>',
    )!;
    fillProductOptions(search.product!, [erpx, fin], 'All products');
    expect(options(search.product!)).toEqual([
      ['', 'All products'],
      ['c-erpx', 'erpx'],
      ['c-fin', 'Financials'],
    ]);
    expect(search.product!.value).toBe('');
  });

  it("keeps the server's own options and does not add a product twice", () => {
    const search = form(
      '<search><form><input name="query"><select name="productId"><option value="">Everything</option><option value="c-fin">Fin</option></select></form></search>',
    )!;
    fillProductOptions(search.product!, [erpx, fin], 'All products');
    fillProductOptions(search.product!, [erpx, fin], 'All products');
    expect(options(search.product!)).toEqual([
      ['', 'Everything'],
      ['c-fin', 'Fin'],
      ['c-erpx', 'erpx'],
    ]);
  });

  it('reads the trimmed query and the chosen product', () => {
    const search = form(
      '<form role="search"><input name="query" value="  cloud  "><select name="productId"><option value="c-fin" selected>Fin</option></select></form>',
    )!;
    expect(readHeaderSearch(search)).toEqual({ query: 'cloud', productId: 'c-fin' });
  });

  it('finds no form when the header has none', () => {
    expect(form('<nav><a href="/news">News</a></nav>')).toBeNull();
  });
});
