import { useMemo } from 'react';
import { useLocation, useMatches, useParams } from 'react-router';
import { routeParams } from '../../../config/paths.js';
import { currentRouteHandle } from '../../../config/route-handle.js';
import { getConfig } from '../../../config/runtime-config.js';
import { useT } from '../../../lib/labels/use-t.js';
import { framePathOf, matchSupportPage, titleKeyOf } from '../services-pages.js';
import { frameAddress } from '../utils/frame-address.js';
import { DownloadCasesButton } from './download-cases-button.js';
import { SupportFrame } from './support-frame.js';
import '../services.labels.js';
import '../../../components/ui/ui.css';
import '../services.css';

/**
 * A Support4U page (§2 services): the title from `support.title.{route path}` unless the
 * route says no title (handle noTitle), the 'download all cases' button on track cases, and
 * the page's frame at the configured address with the route's query passed on.
 */
export function ServicesPage() {
  const t = useT();
  const { pathname, search } = useLocation();
  const noTitle = currentRouteHandle(useMatches()).noTitle === true;
  const caseNo = useParams()[routeParams.caseNo];
  const matched = useMemo(() => matchSupportPage(pathname, caseNo), [pathname, caseNo]);
  const address = useMemo(
    () =>
      matched &&
      frameAddress(
        getConfig().supportFrameBase,
        framePathOf(matched),
        search,
        window.location.origin,
      ).href,
    [matched, search],
  );
  // The router maps only the six children here.
  if (!matched || !address) return null;

  const title = t(titleKeyOf(matched.page), { caseNo: matched.caseNo });
  const download = matched.page.downloadAllCases === true;
  return (
    <div className="services-page">
      {(!noTitle || download) && (
        <div className="services-page__header">
          {!noTitle && <h1 className="ui-page-title">{title}</h1>}
          {download && <DownloadCasesButton />}
        </div>
      )}
      {/* A new address is a new frame: its own token, nothing left of the previous page. */}
      <SupportFrame key={address} address={address} title={title} />
    </div>
  );
}
