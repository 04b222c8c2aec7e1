import { DEFAULT_LANGUAGE } from '@portico/locales';
import { queryOptions } from '@tanstack/react-query';
import { getConfig, sharedUrl } from '../../config/runtime-config.js';
import { httpText } from '../../lib/http/http-client.js';
import { inlineShellHtml, type SharedFragment } from './inline-shell.js';
import { clearUserCookie, writeUserCookie } from '../user-cookie.js';
import { trustedShellHtml, trustedSprite } from './shell-html-trust.js';

/**
 * The shared pieces of the shell (§7 "GET {shared base}/header and /footer", "icon sprite with
 * a hash query"), fetched as text. They are not API addresses, so they never carry the bearer
 * token, and they are not shown through the error catalogue: a missing header or footer only
 * means the page shows without it.
 */

async function fetchFragment(
  kind: SharedFragment,
  signal: AbortSignal,
  query?: Record<string, string>,
): Promise<string> {
  try {
    const address = sharedUrl(kind);
    const html = await httpText(address, {
      signal,
      handleErrors: false,
      ...(query ? { query } : {}),
    });
    return await trustedShellHtml(html ?? '', address);
  } catch (error) {
    if (!signal.aborted) console.warn(`The shared ${kind} could not be loaded`, error);
    throw error;
  }
}

const shellQuery = { staleTime: Infinity, gcTime: Infinity, retry: false } as const;

/**
 * The header for a user: `userCookie` is the encoded profile (null when signed out). The USER
 * cookie is written right before the request so the server can greet the user (§1); a new
 * profile is a new key, so the greeting follows a refreshed profile.
 */
export const headerQueryOptions = (userCookie: string | null) => {
  // The signed-out header is in the first HTML (ADR 0021): no request for it.
  const inline = userCookie === null ? inlineShellHtml('header') : undefined;
  return queryOptions({
    queryKey: ['shell', 'header', userCookie] as const,
    queryFn: ({ signal }) => {
      if (userCookie === null) clearUserCookie();
      else writeUserCookie(userCookie);
      return fetchFragment('header', signal);
    },
    ...(inline === undefined ? {} : { initialData: inline }),
    ...shellQuery,
  });
};

/**
 * The footer in the labels' language (issue 16). The first HTML carries the English one, so
 * English needs no request; another language asks for its own (a public, cacheable answer
 * per language).
 */
export const footerQueryOptions = (language: string) => {
  const inline = language === DEFAULT_LANGUAGE ? inlineShellHtml('footer') : undefined;
  return queryOptions({
    queryKey: ['shell', 'footer', language] as const,
    queryFn: ({ signal }) => fetchFragment('footer', signal, { language }),
    ...(inline === undefined ? {} : { initialData: inline }),
    ...shellQuery,
  });
};

export const spriteQueryOptions = () =>
  queryOptions({
    queryKey: ['shell', 'sprite', getConfig().spriteHash] as const,
    queryFn: async ({ signal }) => {
      try {
        const address = sharedUrl('sprite.svg');
        const svg = await httpText(address, {
          query: { v: getConfig().spriteHash },
          signal,
          handleErrors: false,
        });
        return await trustedSprite(svg ?? '', address);
      } catch (error) {
        // Icons are decoration: without the sprite they are blank, and every control keeps its name.
        if (!signal.aborted) console.warn('The icon sprite could not be loaded', error);
        return '';
      }
    },
    ...shellQuery,
  });
