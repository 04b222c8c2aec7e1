import type { UserAuditField } from '@portico/contracts';
import { useMemo } from 'react';
import { useFormat, useIntlLocale } from '../../../lib/format/use-format.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useUserAudit } from '../api/user-management-api.js';
import { auditLines, type AuditNaming } from './user-audit-format.js';

/**
 * The user's change history (§3 audit; issue 37): who changed what and when, each change as
 * "Label: before → after" with the form's labels and the values as the form shows them.
 */
export function UserAuditSection({
  userId,
  options,
}: {
  userId: string;
  /** The form's option names by field (countries, languages, products, offered roles). */
  options: AuditNaming['options'];
}) {
  const t = useT();
  const format = useFormat();
  const locale = useIntlLocale();
  const audit = useUserAudit(userId);
  const naming = useMemo<AuditNaming>(() => ({ t, locale, options }), [t, locale, options]);
  const entries = audit.data ?? [];
  return (
    <section className="um-audit" aria-labelledby="um-audit-title">
      <h2 id="um-audit-title">{t('user-management.audit.title')}</h2>
      {entries.length === 0 && <p>{t('user-management.audit.empty')}</p>}
      <ol>
        {entries.map((entry) => {
          const lines = auditLines(entry.changes, naming);
          return (
            <li key={entry.id}>
              <p>
                {t('user-management.audit.entry', {
                  at: format.dateTime(entry.at),
                  who: entry.actorName,
                  action: t(`user-management.audit.action.${entry.action}`),
                })}
              </p>
              {lines.length > 0 && (
                <ul>
                  {lines.map((line) => (
                    <li key={line.field}>{t('user-management.audit.change', { ...line })}</li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The option names of the form's lists, by the field they belong to. */
export function auditOptions(
  lists: Partial<Record<UserAuditField, readonly (readonly [id: string, name: string])[]>>,
): AuditNaming['options'] {
  return Object.fromEntries(
    Object.entries(lists).map(([field, entries]) => [field, new Map(entries)]),
  );
}
