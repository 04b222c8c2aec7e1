import type { CloudInstance } from '@portico/contracts';
import type { Format } from '../../../lib/format/format.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { CardTable } from '../../../components/ui/card-table/card-table.js';
import { CloudQuery } from './cloud-query.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useCloudInstances } from '../api/cloud-queries.js';
import { useCanPickCloudAccount } from './cloud-layout.js';

const STATUS_MODIFIER: Record<CloudInstance['status'], string> = {
  OPERATIONAL: 'good',
  DEGRADED: 'warning',
  MAINTENANCE: 'info',
  OUTAGE: 'bad',
};

function InstanceCard({ instance, format }: { instance: CloudInstance; format: Format }) {
  const t = useT();
  const headingId = `instance-${instance.id}`;
  return (
    <article className="cloud-card" aria-labelledby={headingId}>
      <header className="cloud-card__header">
        <h2 id={headingId} className="cloud-card__title">
          {instance.name}
        </h2>
        <span className={`ui-badge cloud-badge--${STATUS_MODIFIER[instance.status]}`}>
          {t(`cloud.status.${instance.status}`)}
        </span>
      </header>
      <dl className="cloud-card__facts">
        <div>
          <dt>{t('cloud.instance.product')}</dt>
          <dd>{instance.product.name}</dd>
        </div>
        <div>
          <dt>{t('cloud.instance.region')}</dt>
          <dd>{t(`cloud.region.${instance.region}`)}</dd>
        </div>
        <div>
          <dt>{t('cloud.instance.version')}</dt>
          <dd>{instance.version}</dd>
        </div>
        <div>
          <dt>{t('cloud.instance.sla')}</dt>
          <dd>{format.percent(instance.slaPercent, 1)}</dd>
        </div>
      </dl>
      <p>
        <a href={instance.url} target="_blank" rel="noreferrer">
          {t('cloud.instance.open', { name: instance.name })}
        </a>
      </p>
      <CardTable
        name={{ caption: t('cloud.environments', { name: instance.name }) }}
        scrollerClassName="cloud__scroller"
        className="cloud__table"
        head={[
          t('cloud.environment.name'),
          t('cloud.environment.version'),
          t('cloud.environment.refresh'),
          t('cloud.environment.address'),
        ]}
      >
        {instance.environments.map((environment) => (
          <tr key={environment.id}>
            <th scope="row">
              {environment.name === null
                ? t(`cloud.kind.${environment.kind}`)
                : t('cloud.environment.named', {
                    name: environment.name,
                    kind: t(`cloud.kind.${environment.kind}`),
                  })}
            </th>
            <td data-label={t('cloud.environment.version')}>{environment.version}</td>
            <td data-label={t('cloud.environment.refresh')}>
              {environment.lastRefreshAt
                ? format.dateTime(environment.lastRefreshAt)
                : t('cloud.environment.never')}
            </td>
            <td data-label={t('cloud.environment.address')}>
              <a href={environment.url} target="_blank" rel="noreferrer">
                {environment.url.replace(/^https:\/\//, '')}
              </a>
            </td>
          </tr>
        ))}
      </CardTable>
    </article>
  );
}

/** §1 instances: each with product, region, version, status, URL and its environments. */
export function InstancesSection() {
  const t = useT();
  const format = useFormat();
  const instances = useCloudInstances();
  const canPick = useCanPickCloudAccount();
  return (
    <CloudQuery query={instances}>
      {(list) =>
        // Empty: say so, and what to do where there is something to do (issue 37).
        list.length === 0 ? (
          <section className="ui-panel cloud__empty" aria-labelledby="cloud-empty">
            <div role="status">
              <h2 id="cloud-empty">{t('cloud.empty')}</h2>
            </div>
            {canPick && <p>{t('cloud.empty.pick')}</p>}
          </section>
        ) : (
          <div className="cloud__instances">
            {list.map((instance) => (
              <InstanceCard key={instance.id} instance={instance} format={format} />
            ))}
          </div>
        )
      }
    </CloudQuery>
  );
}
