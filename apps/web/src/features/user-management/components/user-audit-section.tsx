import { useFormat } from '../../../lib/format/use-format.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useUserAudit } from '../api/user-management-api.js';

/** The user's change history (§3 audit): who changed what, when. */
export function UserAuditSection({ userId }: { userId: string }) {
  const t = useT();
  const format = useFormat();
  const audit = useUserAudit(userId);
  const entries = audit.data ?? [];
  return (
    <section className="um-audit" aria-labelledby="um-audit-title">
      <h2 id="um-audit-title">{t('user-management.audit.title')}</h2>
      {entries.length === 0 && <p>{t('user-management.audit.empty')}</p>}
      <ol>
        {entries.map((entry) => (
          <li key={entry.id}>
            <p>
              {t('user-management.audit.entry', {
                at: format.dateTime(entry.at),
                who: entry.actorName,
                action: entry.action,
              })}
            </p>
            {Object.keys(entry.changes).length > 0 && (
              <ul>
                {Object.entries(entry.changes).map(([name, change]) => (
                  <li key={name}>
                    {name}: {JSON.stringify(change.before)} → {JSON.stringify(change.after)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
