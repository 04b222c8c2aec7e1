import { getConfig } from '../../config/runtime-config.js';
import { i18n, type Translate } from '../labels/i18n.js';
import { localizeMessage } from '../labels/localize-message.js';
import { notify } from '../notifications/notification-store.js';
import { errorCatalogueLabels } from './error-catalogue.labels.js';
import { HttpError } from './http-error.js';

/**
 * The §8 error catalogue. Texts come from labels errormessage.401/.403/.404/.408/.500 with
 * the spec's texts as English defaults; `{email}` is the configured contact address.
 *
 * | status               | text                         | kind        |
 * | 401                  | errormessage.401             | information |
 * | 403, 404, 500        | errormessage.403/.404/.500   | error       |
 * | 408 or time-out      | errormessage.408             | error       |
 * | 429 (search budget)  | errormessage.429             | information |
 * | 400 + caller message | that message                 | error       |
 * | any other            | errormessage.500             | error       |
 */

export interface CatalogueEntry {
  type: 'information' | 'error';
  content: string;
}

export interface CatalogueOptions {
  /** §8 "400 with caller message": shown as is for a 400 answer. */
  badRequestMessage?: string;
}

function labelText(key: keyof typeof errorCatalogueLabels): string {
  let email = '';
  try {
    email = getConfig().contactEmail;
  } catch {
    // Configuration not loaded: the sentence stays readable without the address.
  }
  const text = i18n.t(key, { email, defaultValue: errorCatalogueLabels[key] });
  return text.replaceAll('{email}', email);
}

/** The catalogue row for an error (anything that is not an HttpError is 'any other'). */
export function catalogueEntry(error: unknown, options: CatalogueOptions = {}): CatalogueEntry {
  const status = error instanceof HttpError ? error.status : 0;
  switch (status) {
    case 401:
      return { type: 'information', content: labelText('errormessage.401') };
    case 403:
      return { type: 'error', content: labelText('errormessage.403') };
    case 404:
      return { type: 'error', content: labelText('errormessage.404') };
    case 408:
      return { type: 'error', content: labelText('errormessage.408') };
    case 429:
      // Nothing is broken: the person waits and searches again (ADR 0061).
      return { type: 'information', content: labelText('errormessage.429') };
    case 400:
      if (options.badRequestMessage) return { type: 'error', content: options.badRequestMessage };
      return { type: 'error', content: labelText('errormessage.500') };
    default:
      return { type: 'error', content: labelText('errormessage.500') };
  }
}

/**
 * The message the API gave with its answer (the problem's `detail`, ADR 0065), in the user's
 * language where the contracts name it; undefined when the answer was no problem.
 */
export function apiMessageOf(error: unknown, t: Translate): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const detail = error.problem?.detail;
  return detail !== undefined && detail !== '' ? localizeMessage(detail, t) : undefined;
}

/**
 * The one error path of the features (issue 27): the §8 row for an error, where a 400 shows
 * the API's own message (§8 "400 with caller message"). Pages show it in their error state,
 * forms in their banner, actions as a notification.
 */
export function catalogueEntryOf(error: unknown, t: Translate): CatalogueEntry {
  const status = error instanceof HttpError ? error.status : 0;
  const message = status === 400 ? apiMessageOf(error, t) : undefined;
  return catalogueEntry(error, message === undefined ? {} : { badRequestMessage: message });
}

/** A failure as the §8 notification (a 400 with the API's message). */
export function notifyError(error: unknown, t: Translate): void {
  const entry = catalogueEntryOf(error, t);
  notify({ type: entry.type, title: '', content: entry.content });
}
