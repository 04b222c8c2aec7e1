import { showIdentityRefusal } from '../auth/identity-refusal.js';
import { login } from '../auth/session.js';
import { currentTranslate } from '../labels/i18n.js';
import { notifyError } from './error-catalogue.js';
import { currentReturnUrl, setLateFailureReporter } from './http-client.js';
import { HttpError } from './http-error.js';

/**
 * Who shows a failure to the person:
 * - 'notification' (the default): the §8 catalogue's notification (a toast);
 * - 'caller': the caller does — a page's error state with a retry (`ErrorState`), a form's
 *   banner and field errors (`HttpError.fieldErrors`), a card's own text.
 */
export type FailureDisplay = 'notification' | 'caller';

/**
 * What a query or mutation says about its failures: `failure: 'caller'` when its page, form or
 * card shows them (ADR 0065); without it, the §8 notification does.
 */
export interface FailureMeta extends Record<string, unknown> {
  failure?: FailureDisplay;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureMeta;
    mutationMeta: FailureMeta;
  }
}

/** `meta` of a query or mutation whose page, form or card shows its failure (its error state). */
export const shownByCaller: FailureMeta = { failure: 'caller' };

/** Whether a failure is the caller's own cancellation (TanStack Query cancels quietly). */
function isCancellation(error: unknown): boolean {
  // By name: the abort reason may be another realm's DOMException.
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'AbortError'
  );
}

/**
 * The one place for what a failure of an API call does (§8, ADR 0065), above the HTTP client,
 * which only ever throws. The query and mutation caches call it for every failed query and
 * mutation (`providers.tsx`, with the display from their `meta`); a form or another direct
 * caller calls it in its `catch` with 'caller'.
 *
 * | failure                           | what happens                                          |
 * | 401                               | sign-in with the return address (§7), whoever shows it |
 * | 403 identity refused (ADR 0029)   | the refusal page, nothing else                         |
 * | anything else, 'notification'     | the §8 notification                                    |
 * | anything else, 'caller'           | nothing here: the caller shows `catalogueEntryOf`      |
 *
 * With 'notification' a 401 also shows the §8 session text (information) while sign-in starts.
 */
export function handleFailure(error: unknown, display: FailureDisplay = 'notification'): void {
  if (isCancellation(error)) return;
  if (error instanceof HttpError && error.reason === 'identity-refused') {
    // A 401 for a request sent after the refusal removed the token is part of that refusal.
    if (error.status === 403) showIdentityRefusal();
    return;
  }
  if (error instanceof HttpError && error.status === 401) {
    login(currentReturnUrl()).catch((failure: unknown) =>
      console.error('Sign-in could not be started after a 401', failure),
    );
  }
  if (display === 'notification') notifyError(error, currentTranslate());
}

// A deferred schema's mismatch, found after its answer was used, is reported like any failure.
setLateFailureReporter((error) => handleFailure(error));
