import type { AccountManager } from '@portico/contracts';
import { useId } from 'react';
import { useT } from '../../../lib/labels/use-t.js';
import './account-manager-card.labels.js';
import './account-manager-card.css';

export const LOGO_SRC = '/media/logo.svg';

/** A dialable tel: address: digits and a leading plus only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** A phone number of the manager, dialable, under its label; nothing when there is none. */
function PhoneEntry({ label, number }: { label: string; number: string | null }) {
  if (!number) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <a href={telHref(number)}>{number}</a>
      </dd>
    </>
  );
}

export interface AccountManagerCardViewProps {
  /** The manager, or null when the account has none (the fallback card). */
  manager: AccountManager | null;
  /** Where the fallback card's link goes. */
  contactHref: string;
}

/** §2 Account-manager card: name, e-mail, phone, mobile, logo; or the fallback card with a link. */
export function AccountManagerCardView({ manager, contactHref }: AccountManagerCardViewProps) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="ui-account-manager" aria-labelledby={titleId}>
      <h2 id={titleId} className="ui-account-manager__title">
        {t('account-manager.title')}
      </h2>
      {manager ? (
        <div>
          <p className="ui-account-manager__name">{manager.name}</p>
          <dl className="ui-account-manager__details">
            <dt>{t('account-manager.email')}</dt>
            <dd>
              <a href={`mailto:${manager.email}`}>{manager.email}</a>
            </dd>
            <PhoneEntry label={t('account-manager.phone')} number={manager.phoneNumber} />
            <PhoneEntry label={t('account-manager.mobile')} number={manager.mobilePhoneNumber} />
          </dl>
        </div>
      ) : (
        <div>
          <p className="ui-account-manager__text">{t('account-manager.fallback.text')}</p>
          <p className="ui-account-manager__text">
            <a href={contactHref}>{t('account-manager.fallback.link')}</a>
          </p>
        </div>
      )}
      <img
        className="ui-account-manager__logo"
        src={LOGO_SRC}
        alt={t('account-manager.logo-alt')}
      />
    </section>
  );
}
