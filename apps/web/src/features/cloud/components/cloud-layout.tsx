import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.js';
import { useT } from '../../../lib/labels/use-t.js';

const SECTIONS = [
  { key: 'instances', to: paths.cloud(), end: true },
  { key: 'maintenance', to: paths.cloudMaintenance(), end: false },
  { key: 'release-schedules', to: paths.cloudReleaseSchedules(), end: false },
  { key: 'notifications', to: paths.cloudNotifications(), end: false },
  { key: 'reports', to: paths.cloudReports(), end: false },
] as const;

/** The cloud pages' frame: the heading and the section navigation (current one marked). */
export function CloudLayout({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <div className="cloud">
      <h1 className="ui-page-title">{t('cloud.title')}</h1>
      <nav className="cloud__nav" aria-label={t('cloud.nav')}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <NavLink to={section.to} end={section.end} className="cloud__nav-link">
                {t(`cloud.nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
