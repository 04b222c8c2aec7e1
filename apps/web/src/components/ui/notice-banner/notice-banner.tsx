import { useState } from 'react';
import { type LabelKey, useT } from '../../../lib/labels/use-t.js';
import { closeNotice, hideNotice, isNoticeClosed, isNoticeHidden } from './notice-storage.js';
import './notice-banner.labels.js';
import './notice-banner.css';

export interface NoticeBannerProps {
  /** Which notice this is (e.g. 'alertHidedNew1'); part of the storage key. */
  noticeId: string;
  /** The signed-in user; part of the storage key. */
  userId: string;
  /** Label key of the message. */
  messageKey: LabelKey;
  /** The link button: where it goes and its label key. */
  link?: { href: string; labelKey: LabelKey; newWindow?: boolean };
}

/**
 * §2/§4 Notice banner: a dismissible success-style notice. The x closes it for the session;
 * "Don't show me this again" stores a per-user, per-notice flag and closes it.
 */
export function NoticeBanner({ noticeId, userId, messageKey, link }: NoticeBannerProps) {
  const t = useT();
  const [open, setOpen] = useState(
    () => !isNoticeHidden(noticeId, userId) && !isNoticeClosed(noticeId, userId),
  );
  if (!open) return null;

  return (
    <section className="ui-notice" aria-label={t('notice-banner.label')}>
      <span className="ui-notice__icon" aria-hidden="true">
        ✓
      </span>
      <div className="ui-notice__body">
        <p className="ui-notice__message">{t(messageKey)}</p>
        <div className="ui-notice__actions">
          {link && (
            <a
              className="ui-notice__link"
              href={link.href}
              {...(link.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {t(link.labelKey)}
            </a>
          )}
          <label className="ui-notice__checkbox">
            <input
              type="checkbox"
              onChange={(event) => {
                if (!event.target.checked) return;
                hideNotice(noticeId, userId);
                setOpen(false);
              }}
            />{' '}
            {t('notice-banner.dont-show-again')}
          </label>
        </div>
      </div>
      <button
        type="button"
        className="ui-notice__close"
        aria-label={t('notice-banner.close')}
        onClick={() => {
          closeNotice(noticeId, userId);
          setOpen(false);
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </section>
  );
}
