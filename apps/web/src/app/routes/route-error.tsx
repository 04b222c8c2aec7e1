import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths.js';
import { useT } from '../../lib/labels/use-t.js';
import '../shell/shell.labels.js';

/** A readable page when a route fails to load or render (e.g. a lazy module that cannot load). */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  console.error(
    'Route error',
    isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error,
  );
  return (
    <main id="main" className="app-route-message" tabIndex={-1}>
      <h1>{t('shell.routeError.title')}</h1>
      <p>{t('shell.routeError.body')}</p>
      <Link to={paths.news()}>{t('shell.routeError.home')}</Link>
    </main>
  );
}
