import { useRef } from 'react';
import { hasPermissions, useProfile } from '../../../lib/profile/profile-query.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useDownloadAllCases } from '../api/cases-download.js';

/**
 * §2 Track-cases page, §5, §6: 'download all cases', shown only with both SUPPORT and
 * USERMANAGEMENT. A second click while a download runs is ignored: the ref catches clicks
 * that arrive before React re-renders. The button stays focusable while busy (aria-disabled,
 * not disabled), so keyboard focus is not lost.
 */
export function DownloadCasesButton() {
  const t = useT();
  const profile = useProfile();
  const download = useDownloadAllCases();
  const running = useRef(false);

  if (!hasPermissions(profile, 'SUPPORT', 'USERMANAGEMENT')) return null;

  const busy = download.isPending;
  const start = () => {
    if (running.current) return;
    running.current = true;
    download.mutate(undefined, {
      onSettled: () => {
        running.current = false;
      },
    });
  };

  return (
    <div className="services-download">
      <button
        type="button"
        className="ui-button"
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onClick={start}
      >
        {t('support.download.all')}
      </button>
      <span className="services-download__status" role="status">
        {busy ? t('support.download.running') : ''}
      </span>
    </div>
  );
}
