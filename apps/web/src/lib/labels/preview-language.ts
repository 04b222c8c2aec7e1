import { isLabelLanguage, type LabelLanguage } from '@portico/locales';
import { session } from '../storage/storage.js';

/**
 * A language preview for translators and reviewers (issue 16): opening any page with
 * `?language=de` (one of the nine, or the pseudo-locale en-XA) shows the portal in that
 * language for the rest of the tab's session, whatever the profile says; `?language=profile`
 * ends it. Only the label language changes; nothing is saved to the profile.
 */
const KEY = 'portico.preview-language';
const PARAM = 'language';

/** Reads the address's `language` parameter at start-up. */
export function capturePreviewLanguage(search: string): void {
  const asked = new URLSearchParams(search).get(PARAM);
  if (asked === null) return;
  if (isLabelLanguage(asked)) session.set(KEY, asked);
  else session.remove(KEY);
}

export function previewLanguage(): LabelLanguage | null {
  const stored = session.get(KEY);
  return isLabelLanguage(stored) ? stored : null;
}
