import { useLocation } from 'react-router';
import { paths } from '../../config/paths.js';
import { CloudLayout } from './components/cloud-layout.js';
import { InstancesSection } from './components/instances-section.js';
import { MaintenanceSection } from './components/maintenance-section.js';
import { NotificationsSection } from './components/notifications-section.js';
import { ReleaseSchedulesSection } from './components/release-schedules-section.js';
import { ReportsSection } from './components/reports-section.js';
import './cloud.labels.js';
import '../../components/ui/ui.css';
import './cloud.css';

/** The section a cloud path shows; any other path under /cloud shows the instances. */
function sectionOf(pathname: string) {
  const path = pathname.replace(/\/+$/, '');
  if (path === paths.cloudMaintenance()) return <MaintenanceSection />;
  if (path === paths.cloudReleaseSchedules()) return <ReleaseSchedulesSection />;
  if (path === paths.cloudNotifications()) return <NotificationsSection />;
  if (path === paths.cloudReports()) return <ReportsSection />;
  return <InstancesSection />;
}

/** The cloud module (§2 cloud: lazy, sign-in required; §1 cloud services, issue 14). */
export default function CloudRoute() {
  const { pathname } = useLocation();
  return <CloudLayout>{sectionOf(pathname)}</CloudLayout>;
}
