import type { UserProfile } from '@portico/contracts';
import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { getConfig } from '../config/runtime-config.js';
import { analytics, installAnalytics } from '../lib/analytics/analytics.js';
import { isAuthorised } from '../lib/auth/session.js';
import { labelsQueryOptions } from '../lib/labels/labels-query.js';
import { previewLanguage } from '../lib/labels/preview-language.js';
import { rememberedLanguage, rememberLanguage } from '../lib/labels/remembered-language.js';
import { profileQueryKey, profileQueryOptions } from '../lib/profile/profile-query.js';
import { userCookieValue } from './user-cookie.js';

/**
 * §4 Start-up. When the user is authorised (ADR 0021: side by side, not one after the
 * other; main.tsx starts them before the first render, see first-requests.ts):
 * 1. the profile loads (GET {api}/users/me), once, cached;
 * 2. the labels load at the same time, for the language of the last profile this browser
 *    saw (English the first time), once, cached, and become the localisation (the labels
 *    query applies them; failure → English defaults + notice). When the profile turns out to
 *    have another language, its labels load then, and the app waits for them;
 * 3. analytics is initialised with the profile.
 * Signed out, nothing loads and the app is ready at once (only public routes render then:
 * guarded ones redirect to login before the shell sees them).
 */

export interface StartUp {
  authorised: boolean;
  /** The profile, or null while loading, when signed out, or when it could not be loaded. */
  profile: UserProfile | null;
  /** The encoded profile for the USER cookie (null when there is none). */
  userCookie: string | null;
  /** The header may be requested: the profile has loaded or failed (or there is no user). */
  headerCanLoad: boolean;
  /** The app-ready signal: authorised with labels loaded, or signed out. */
  ready: boolean;
}

/**
 * Analytics at start-up (§4 Start-up, §7 Analytics events, ADR 0008): `init` is called once
 * with the first profile. With an analytics id configured it loads Google Analytics 4's code
 * (its own chunk: a portal without analytics never fetches it, issue 35), installs it and
 * initialises it; page views wait for that. Without an id nothing is installed, so the app
 * keeps the inert analytics (or the recording sink a test installed), initialised at once.
 */
export const analyticsHook: { init: (profile: UserProfile) => void } = {
  init: (profile) => {
    const config = getConfig();
    if (config.analyticsId.trim() === '') {
      analytics().init(profile);
      return;
    }
    import('../lib/analytics/ga4-analytics.js')
      .then(({ configuredAnalytics }) => {
        const chosen = configuredAnalytics(config);
        if (chosen) installAnalytics(chosen);
      })
      // §8: analytics that cannot load must not touch the page; the inert one stays.
      .catch((error: unknown) => console.error('Analytics could not be loaded', error))
      .finally(() => analytics().init(profile));
  },
};

let analyticsStarted = false;

export function useStartUp(): StartUp {
  const authorised = isAuthorised();
  const profileQuery = useQuery({ ...profileQueryOptions(), enabled: authorised });
  const profile = authorised ? (profileQuery.data ?? null) : null;
  // A failed profile (shown by the one §8 handler) still lets the app start.
  const profileSettled = profileQuery.isSuccess || profileQuery.isError;

  const language = previewLanguage() ?? (profileSettled ? profile?.language : rememberedLanguage());
  const labels = useQuery({
    ...labelsQueryOptions(language),
    enabled: authorised,
    // A refreshed profile with another language keeps the current labels until the new ones apply.
    placeholderData: keepPreviousData,
  });
  // Ready means the labels of the profile's own language (not the guess, not a placeholder).
  const labelsSettled = profileSettled && !labels.isPlaceholderData && !labels.isPending;

  useEffect(() => {
    if (profile) rememberLanguage(profile.language);
  }, [profile]);

  useEffect(() => {
    if (!profile || analyticsStarted) return;
    analyticsStarted = true;
    analyticsHook.init(profile);
  }, [profile]);

  return {
    authorised,
    profile,
    // The server-rendered header follows the cookie's language, so a preview reaches it too.
    userCookie: profile ? userCookieFor(profile) : null,
    headerCanLoad: !authorised || profileSettled,
    ready: !authorised || labelsSettled,
  };
}

/** The USER cookie for a profile (the header's query key); a preview's language reaches it too. */
export function userCookieFor(profile: UserProfile | null): string | null {
  return profile
    ? userCookieValue({ ...profile, language: previewLanguage() ?? profile.language })
    : null;
}

/** The refresh action (§4): reloads the profile and the labels. */
export async function refreshStartUp(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: profileQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['labels'] }),
  ]);
}

/** The refresh action for components. */
export function useRefreshStartUp(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshStartUp(queryClient), [queryClient]);
}

/** Tests: let analytics initialise again, starting from the inert analytics. */
export function resetStartUpForTests(): void {
  analyticsStarted = false;
  installAnalytics(null);
}
