import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useT } from '../../../lib/labels/use-t.js';

/** The two parts of My settings: profile and e-mail subscriptions. */
export function MySettingsNav() {
  const t = useT();
  return (
    <nav className="ms-nav" aria-label={t('my-settings.nav.label')}>
      <NavLink end to={paths.mySettings()}>
        {t('my-settings.nav.profile')}
      </NavLink>
      <NavLink to={paths.mySettingsSubscriptions()}>{t('my-settings.nav.subscriptions')}</NavLink>
    </nav>
  );
}
