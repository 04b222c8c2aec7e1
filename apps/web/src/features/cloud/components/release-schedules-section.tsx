import { ENVIRONMENT_KINDS } from '@portico/contracts';
import { useFormat } from '../../../lib/format/use-format.js';
import { CardTable } from '../../../components/ui/card-table/card-table.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useReleaseSchedules } from '../api/cloud-queries.js';
import { CloudQuery } from './cloud-query.js';

/** §1 release schedules: per product, a table of releases by environment with their dates. */
export function ReleaseSchedulesSection() {
  const t = useT();
  const format = useFormat();
  const schedules = useReleaseSchedules();
  return (
    <CloudQuery query={schedules} empty="cloud.releases.none">
      {(list) =>
        list.map((schedule) => {
          // Columns: the environments this product reaches, in the usual promotion order.
          const kinds = ENVIRONMENT_KINDS.filter((kind) =>
            schedule.releases.some((r) => r.milestones.some((m) => m.environment === kind)),
          ).sort((a, b) => PROMOTION.indexOf(a) - PROMOTION.indexOf(b));
          const id = `releases-${schedule.product.id}`;
          return (
            <section key={schedule.product.id} className="cloud__section" aria-labelledby={id}>
              <h2 id={id}>{schedule.product.name}</h2>
              <CardTable
                name={{
                  caption: t('cloud.releases.caption', { product: schedule.product.name }),
                  hidden: true,
                }}
                scrollerClassName="cloud__scroller"
                className="cloud__table"
                head={[
                  t('cloud.releases.release'),
                  ...kinds.map((kind) => t(`cloud.kind.${kind}`)),
                ]}
              >
                {schedule.releases.map((release) => (
                  <tr key={release.version}>
                    <th scope="row">
                      {release.version} <span className="cloud__muted">{release.name}</span>
                    </th>
                    {kinds.map((kind) => {
                      const date = release.milestones.find((m) => m.environment === kind)?.date;
                      return (
                        <td key={kind} data-label={t(`cloud.kind.${kind}`)}>
                          {date ? (
                            <time dateTime={date}>{format.calendarDate(date, 'medium')}</time>
                          ) : (
                            '–'
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </CardTable>
            </section>
          );
        })
      }
    </CloudQuery>
  );
}

const PROMOTION = ['DEVELOPMENT', 'TEST', 'ACCEPTANCE', 'TRAINING', 'PRODUCTION'];
