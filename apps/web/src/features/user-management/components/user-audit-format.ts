import type { UserAuditChange, UserAuditField, UserAuditValue } from '@portico/contracts';
import { languageAutonym, timeZoneName } from '@portico/locales/display-names';
import { labelIfAny, type Translate } from '../../../lib/labels/use-t.js';

/**
 * How the change history names a value (issue 37): as the form shows it, in the viewer's
 * language. `options` are the form's own option lists (countries, languages, products, roles
 * and permissions as offered); the rest is named by the form's labels or by Intl.
 */
export interface AuditNaming {
  t: Translate;
  /** The viewer's Intl locale ('nb' for Norwegian). */
  locale: string;
  options: Partial<Record<UserAuditField, ReadonlyMap<string, string>>>;
}

/** One line of the history: "Rolle: Standardbenutzer → Administrator". */
export interface AuditLine {
  field: UserAuditField;
  label: string;
  before: string;
  after: string;
}

/** The label prefix of the ids a field holds, where the form names them by a label. */
const LABELLED: Partial<Record<UserAuditField, string>> = {
  role: 'user-management.role',
  status: 'user-management.status',
  c4uRole: 'user-management.c4u',
  billingPlatformRole: 'user-management.billing-platform-role',
  learningRole: 'user-management.learning-role',
  permissions: 'user-management.permission',
};

/** A label when one exists, else the fallback (an id the web has no label for). */
function labelOr(t: Translate, key: string, fallback: string): string {
  return labelIfAny(t, key) ?? fallback;
}

function regionName(code: string, locale: string): string {
  try {
    return (
      new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' }).of(code) ?? code
    );
  } catch {
    return code;
  }
}

/** One id or text of `field` as the form shows it. */
function nameOf(field: UserAuditField, id: string, { t, locale, options }: AuditNaming): string {
  const offered = options[field]?.get(id);
  if (offered !== undefined) return offered;
  const prefix = LABELLED[field];
  if (prefix !== undefined) return labelOr(t, `${prefix}.${id}`, id);
  if (field === 'timeZone') return timeZoneName(id, locale);
  if (field === 'language') return languageAutonym(id);
  if (field === 'country') return regionName(id, locale);
  return id;
}

const isBlank = (value: UserAuditValue): boolean =>
  value === '' || (Array.isArray(value) && value.length === 0);

/** A value as the viewer reads it: names, a list as a sentence, yes/no, or "(empty)". */
export function auditValueText(
  field: UserAuditField,
  value: UserAuditValue,
  naming: AuditNaming,
): string {
  const { t, locale } = naming;
  if (isBlank(value)) return t('user-management.audit.blank');
  if (typeof value === 'boolean')
    return t(value ? 'user-management.audit.yes' : 'user-management.audit.no');
  if (Array.isArray(value)) {
    const names = value.map((id) => nameOf(field, id, naming));
    return new Intl.ListFormat(locale, { type: 'conjunction' }).format(names);
  }
  return nameOf(field, value, naming);
}

/**
 * The changes of one entry as labelled lines, in the order the API gives (the form's). A
 * change the viewer could not see is left out: empty to empty (the noise of a new user's
 * blank fields, stored as null → ""), or two values that read the same (a zone's old name).
 */
export function auditLines(changes: readonly UserAuditChange[], naming: AuditNaming): AuditLine[] {
  return changes.flatMap((change) => {
    const before = auditValueText(change.field, change.before, naming);
    const after = auditValueText(change.field, change.after, naming);
    if (before === after) return [];
    const label = naming.t(`user-management.field.${change.field}`);
    return [{ field: change.field, label, before, after }];
  });
}
