import type { CloudNotification } from '@portico/contracts';
import { useFormat } from '../../../lib/format/use-format.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useCloudNotifications } from '../api/cloud-queries.js';
import { CloudQuery } from './cloud-query.js';

const SEVERITY_MODIFIER: Record<CloudNotification['severity'], string> = {
  INFORMATION: 'info',
  WARNING: 'warning',
  CRITICAL: 'bad',
};

/** §1 cloud notifications: incidents and maintenance announcements, newest first. */
export function NotificationsSection() {
  const t = useT();
  const format = useFormat();
  const notifications = useCloudNotifications();
  return (
    <CloudQuery query={notifications} empty="cloud.notifications.none">
      {(list) => (
        <ul className="cloud__notifications">
          {list.map((note) => (
            <li key={note.id}>
              <article className="cloud-card" aria-labelledby={`note-${note.id}`}>
                <header className="cloud-card__header">
                  <h2 id={`note-${note.id}`} className="cloud-card__title">
                    {note.title}
                  </h2>
                  <span className={`ui-badge cloud-badge--${SEVERITY_MODIFIER[note.severity]}`}>
                    {t(`cloud.notifications.kind.${note.kind}`)} ·{' '}
                    {t(`cloud.notifications.severity.${note.severity}`)}
                  </span>
                </header>
                <p className="cloud__muted">
                  {note.instanceName} ·{' '}
                  {t('cloud.notifications.published', {
                    date: format.dateTime(note.publishedAt),
                  })}
                  {note.kind === 'INCIDENT' && (
                    <>
                      {' · '}
                      {note.resolvedAt
                        ? t('cloud.notifications.resolved', {
                            date: format.dateTime(note.resolvedAt),
                          })
                        : t('cloud.notifications.open')}
                    </>
                  )}
                </p>
                <p>{note.body}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </CloudQuery>
  );
}
