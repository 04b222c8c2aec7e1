import type { MaintenanceWindow } from '@portico/contracts';
import { useState } from 'react';
import type { Format } from '../../../lib/format/format.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { CardTable } from '../../../components/ui/card-table/card-table.js';
import { RowAction } from '../../../components/ui/card-table/row-action.js';
import { CloudQuery } from './cloud-query.js';
import { useT } from '../../../lib/labels/use-t.js';
import { cloudFiles, useDownloadCloudFile } from '../api/cloud-files.js';
import { useMaintenance } from '../api/cloud-queries.js';
import { formatEnd } from '../utils/cloud-format.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

const IMPACT_MODIFIER: Record<MaintenanceWindow['impact'], string> = {
  NO_DOWNTIME: 'good',
  DEGRADED: 'warning',
  DOWNTIME: 'bad',
};

interface WindowTableProps {
  id: string;
  title: string;
  windows: readonly MaintenanceWindow[];
  format: Format;
  onCalendar: (window: MaintenanceWindow) => void;
}

function WindowTable({ id, title, windows, format, onCalendar }: WindowTableProps) {
  const t = useT();
  return (
    <section aria-labelledby={id} className="cloud__section">
      <h2 id={id}>{title}</h2>
      {windows.length === 0 ? (
        <p>{t('cloud.maintenance.none')}</p>
      ) : (
        <CardTable
          name={{ headingId: id }}
          scrollerClassName="cloud__scroller"
          className="cloud__table"
          testId={id}
          head={[
            t('cloud.maintenance.when'),
            t('cloud.maintenance.window'),
            t('cloud.maintenance.impact'),
            t('cloud.maintenance.environments'),
            t('cloud.maintenance.calendar'),
          ]}
        >
          {windows.map((window) => (
            <tr key={window.id} data-window-id={window.id}>
              <td className="cloud__when" data-label={t('cloud.maintenance.when')}>
                {/* One value (a card's line on a phone): start – end. */}
                <span>
                  <time dateTime={window.startsAt}>{format.dateTime(window.startsAt)}</time>
                  {' – '}
                  <time dateTime={window.endsAt}>
                    {formatEnd(format, window.startsAt, window.endsAt)}
                  </time>
                </span>
              </td>
              <th scope="row" className="cloud__window">
                <span className="cloud__window-title">{window.title}</span>
                <span className="cloud__window-text">{window.description}</span>
              </th>
              <td data-label={t('cloud.maintenance.impact')}>
                <span className={`cloud-badge cloud-badge--${IMPACT_MODIFIER[window.impact]}`}>
                  {t(`cloud.impact.${window.impact}`)}
                </span>
              </td>
              <td data-label={t('cloud.maintenance.environments')}>
                {window.environments.map((kind) => t(`cloud.kind.${kind}`)).join(', ')}
              </td>
              <RowAction
                label={t('cloud.maintenance.ics.label', { title: window.title })}
                onClick={() => onCalendar(window)}
              >
                {t('cloud.maintenance.ics')}
              </RowAction>
            </tr>
          ))}
        </CardTable>
      )}
    </section>
  );
}

/**
 * §1 maintenance windows, upcoming (soonest first) and past (latest first), in the user's
 * time zone, which the page names. Each window, and all of them, export to .ics.
 */
export function MaintenanceSection() {
  const t = useT();
  const format = useFormat();
  const maintenance = useMaintenance();
  const download = useDownloadCloudFile();
  // The split between upcoming and past is taken when the page opens.
  const [now] = useState(() => Date.now());
  const save = (file: ReturnType<typeof cloudFiles.allMaintenance>) => {
    if (!download.isPending) download.mutate(file);
  };
  return (
    <CloudQuery query={maintenance}>
      {(windows) => {
        const split = {
          upcoming: windows.filter((w) => Date.parse(w.endsAt) >= now),
          past: windows.filter((w) => Date.parse(w.endsAt) < now).reverse(),
        };
        return (
          <>
            <div className="cloud__actions">
              <p className="cloud__zone">
                {t('cloud.maintenance.zone', { zone: format.zoneName(now) })}
              </p>
              <SecondaryButton
                disabled={windows.length === 0}
                onClick={() => save(cloudFiles.allMaintenance())}
              >
                {t('cloud.maintenance.ics.all')}
              </SecondaryButton>
            </div>
            {(['upcoming', 'past'] as const).map((when) => (
              <WindowTable
                key={when}
                id={`maintenance-${when}`}
                title={t(`cloud.maintenance.${when}`)}
                windows={split[when]}
                format={format}
                onCalendar={(window) => save(cloudFiles.maintenance(window.id))}
              />
            ))}
          </>
        );
      }}
    </CloudQuery>
  );
}
