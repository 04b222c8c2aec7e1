import type { Product } from '@portico/contracts';

/**
 * The header's search form (role=search; fields `query` and `productId`), served as HTML by
 * the shared header. The SPA fills its product list and handles its submit client-side.
 */

export interface HeaderSearchForm {
  form: HTMLFormElement;
  query: HTMLInputElement | null;
  product: HTMLSelectElement | null;
}

export function findHeaderSearch(container: ParentNode): HeaderSearchForm | null {
  const form =
    container.querySelector('form[role="search"]') ?? container.querySelector('search form');
  if (!(form instanceof HTMLFormElement)) return null;
  const query = form.querySelector('[name="query"]');
  const product = form.querySelector('select[name="productId"]');
  return {
    form,
    query: query instanceof HTMLInputElement ? query : null,
    product: product instanceof HTMLSelectElement ? product : null,
  };
}

/** The catalogue products plus the user's connected ones, once each by contentId, sorted by name. */
export function mergeProducts(
  catalogue: readonly Product[],
  connected: readonly Product[],
): Product[] {
  const byId = new Map<string, Product>();
  for (const product of [...catalogue, ...connected]) {
    if (!byId.has(product.contentId)) byId.set(product.contentId, product);
  }
  return [...byId.values()].sort((a, b) => a.productName.localeCompare(b.productName));
}

/**
 * Adds an option per product the select does not offer yet (options from the server stay
 * first and untouched). The option value is the contentId. Searching all products stays
 * possible: an empty-valued option labelled `allProductsLabel` leads when the server has none.
 */
export function fillProductOptions(
  select: HTMLSelectElement,
  products: readonly Product[],
  allProductsLabel: string,
): void {
  const present = new Set(Array.from(select.options, (option) => option.value));
  if (!present.has('')) {
    const all = select.ownerDocument.createElement('option');
    all.value = '';
    all.textContent = allProductsLabel;
    select.prepend(all);
    present.add('');
  }
  for (const product of products) {
    if (present.has(product.contentId)) continue;
    const option = select.ownerDocument.createElement('option');
    option.value = product.contentId;
    option.textContent = product.productName;
    select.append(option);
    present.add(product.contentId);
  }
}

/** What the form asks for: the trimmed query and the chosen product id. */
export function readHeaderSearch(search: HeaderSearchForm): { query: string; productId: string } {
  return {
    query: search.query?.value.trim() ?? '',
    productId: search.product?.value ?? '',
  };
}
