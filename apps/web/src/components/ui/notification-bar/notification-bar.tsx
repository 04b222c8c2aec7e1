import { Link } from 'react-router';
import { useT } from '../../../lib/labels/use-t.js';
import {
  useNotificationStore,
  type AppNotification,
} from '../../../lib/notifications/notification-store.js';
import './notification-bar.labels.js';
import './notification-bar.css';

const DEFAULT_ICON: Record<AppNotification['type'], string> = {
  error: 'icon-alert',
  information: 'icon-info',
};

/** An in-app path ('/news?page=2'), as opposed to another site or a protocol-relative address. */
const isInAppPath = (href: string): boolean => href.startsWith('/') && !href.startsWith('//');

function NotificationLink({ href, label }: { href: string; label: string }) {
  if (isInAppPath(href)) {
    return (
      <Link className="ui-notification-bar__link" to={href}>
        {label}
      </Link>
    );
  }
  return (
    <a className="ui-notification-bar__link" href={href} rel="noopener noreferrer">
      {label}
    </a>
  );
}

/**
 * §2 Notification bar: shows the current notification from the store (type styling, icon,
 * title, content, optional link) with a close button. Closing sets the notification to
 * nothing; the store scrolls to the top when a new one arrives. Errors are announced
 * assertively (role=alert), information politely (role=status).
 */
export function NotificationBar() {
  const t = useT();
  const notification = useNotificationStore((state) => state.notification);
  if (!notification) return null;

  const { type, title, content, link } = notification;
  const icon = notification.icon ?? DEFAULT_ICON[type];
  return (
    <div
      className={`ui-notification-bar ui-notification-bar--${type}`}
      role={type === 'error' ? 'alert' : 'status'}
      aria-label={t('notification.label')}
    >
      <svg className="ui-notification-bar__icon" aria-hidden="true" focusable="false">
        <use href={`#${icon}`} />
      </svg>
      <div className="ui-notification-bar__body">
        {title !== '' && <p className="ui-notification-bar__title">{title}</p>}
        {content !== '' && <p className="ui-notification-bar__content">{content}</p>}
        {link && <NotificationLink href={link.href} label={link.label} />}
      </div>
      <button
        type="button"
        className="ui-notification-bar__close"
        aria-label={t('notification.close')}
        onClick={() => useNotificationStore.getState().clear()}
      >
        <svg aria-hidden="true" focusable="false">
          <use href="#icon-close" />
        </svg>
      </button>
    </div>
  );
}
