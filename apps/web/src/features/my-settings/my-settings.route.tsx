import { useLocation } from 'react-router';
import { routePaths } from '../../config/paths.js';
import { useT } from '../../lib/labels/use-t.js';
import { MySettingsNav } from './components/my-settings-nav.js';
import { ProfileSettingsPage } from './components/profile-settings-page.js';
import { SubscriptionsPage } from './components/subscriptions-page.js';
import './my-settings.labels.js';
import '../../components/ui/ui.css';
import './my-settings.css';

/**
 * My settings (issue 12; §2 my-settings, lazy, including /my-settings/subscriptions): the
 * own profile and the e-mail subscriptions.
 */
export default function MySettingsRoute() {
  const t = useT();
  const { pathname } = useLocation();
  const subscriptions = pathname.replace(/\/+$/, '') === routePaths.mySettingsSubscriptions;
  return (
    <div className="ms-layout">
      <h1 className="ui-page-title">{t('my-settings.title')}</h1>
      <MySettingsNav />
      {subscriptions ? <SubscriptionsPage /> : <ProfileSettingsPage />}
    </div>
  );
}
