import {
  countriesAndLanguagesSchema,
  productListSchema,
  userProfileSchema,
  type CountriesAndLanguages,
  type Product,
  type UserProfile,
} from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getConfig } from '../config/runtime-config.js';
import { httpGet } from '../lib/http/http-client.js';

/**
 * The central data slices the shell loads (§3 "Central data slices", §4 Start-up): the
 * profile, the product list for the header search, and countries and languages. Each loads
 * once and stays cached (staleTime Infinity); refreshStartUp() reloads profile and labels.
 */

export const startUpKeys = {
  profile: ['profile'] as const,
  products: ['content', 'cppproducts'] as const,
  countriesAndLanguages: ['countries-and-languages'] as const,
};

const joinUrl = (base: string, path: string): string => `${base.replace(/\/+$/, '')}/${path}`;

/** GET {api}/users/me — null when the error was handled by the §8 catalogue. */
export function fetchProfile(signal?: AbortSignal): Promise<UserProfile | null> {
  return httpGet(joinUrl(getConfig().apiBase, 'users/me'), userProfileSchema, { signal });
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: startUpKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    staleTime: Infinity,
  });

/**
 * GET {content}/labels/cppproducts (§7; response not shown — read as the §3 Product list).
 * Only the header search uses it, so a failure is logged, not shown: the search still works
 * with the user's connected products.
 */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  try {
    const products = await httpGet(
      joinUrl(getConfig().contentBase, 'labels/cppproducts'),
      productListSchema,
      { signal, handleErrors: false },
    );
    return products ?? [];
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('The product list for the header search could not be loaded', error);
    return [];
  }
}

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: startUpKeys.products,
    queryFn: ({ signal }) => fetchProducts(signal),
    staleTime: Infinity,
  });

/** GET {api}/users/countries-and-languages — null when the error was handled (§8). */
export async function fetchCountriesAndLanguages(
  signal?: AbortSignal,
): Promise<CountriesAndLanguages | null> {
  return httpGet(
    joinUrl(getConfig().apiBase, 'users/countries-and-languages'),
    countriesAndLanguagesSchema,
    { signal },
  );
}

/** Loaded only when a screen asks for it (not part of start-up), then cached like the others. */
export const countriesAndLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: startUpKeys.countriesAndLanguages,
    queryFn: ({ signal }) => fetchCountriesAndLanguages(signal),
    staleTime: Infinity,
  });
