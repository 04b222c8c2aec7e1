import type { Download } from '@portico/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CardTable } from '../../../components/ui/card-table/card-table.js';
import { RowAction } from '../../../components/ui/card-table/row-action.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useDownloadFile, useDownloads } from '../api/products.js';
import { useCurrentProduct } from '../../../lib/product/current-product.js';
import { ReleaseSelect } from './release-select.js';

/**
 * The software tab: the product's downloads (the account is licensed for connected products),
 * each with version, release date, size, SHA-256 (with a copy button) and the file, fetched
 * with the bearer token. `release` and `query` in the address narrow the list.
 */
export function SoftwareTab() {
  const t = useT();
  const format = useFormat();
  const product = useCurrentProduct();
  const [params] = useSearchParams();
  const release = params.get('release') ?? '';
  const query = (params.get('query') ?? '').trim();
  const downloads = useDownloads(product.id, release);
  const download = useDownloadFile();
  const [status, setStatus] = useState('');

  const words = query.toLowerCase();
  const rows = (downloads.data ?? []).filter(
    (d) => words === '' || `${d.name} ${d.fileName}`.toLowerCase().includes(words),
  );

  const copy = async (d: Download) => {
    try {
      await navigator.clipboard.writeText(d.sha256);
      setStatus(t('my-solutions.software.copied', { name: d.name }));
    } catch {
      setStatus(t('my-solutions.software.copy-failed'));
    }
  };

  return (
    <section className="my-solutions-software" aria-labelledby="software-title">
      <h2 id="software-title">{t('my-solutions.tab.software')}</h2>
      <div className="my-solutions-filters">
        <ReleaseSelect productId={product.id} />
        {query !== '' && <p>{t('my-solutions.software.filter.query', { query })}</p>}
      </div>
      <p className="ui-visually-hidden" role="status">
        {status}
      </p>
      {downloads.isError && <QueryErrorState query={downloads} />}
      {downloads.isSuccess && rows.length === 0 && (
        <p role="status">{t('my-solutions.software.empty')}</p>
      )}
      {rows.length > 0 && (
        <CardTable
          name={{
            caption: t('my-solutions.software.caption', { product: product.productName }),
            hidden: true,
          }}
          scrollerClassName="my-solutions-software__scroller"
          className="my-solutions-software__table"
          busy={downloads.isFetching}
          head={[
            t('my-solutions.software.name'),
            t('my-solutions.software.version'),
            t('my-solutions.software.date'),
            t('my-solutions.software.size'),
            t('my-solutions.software.sha256'),
            t('my-solutions.software.download'),
          ]}
        >
          {rows.map((d) => (
            <tr key={d.id}>
              <th scope="row">{d.name}</th>
              <td data-label={t('my-solutions.software.version')}>{d.version}</td>
              <td data-label={t('my-solutions.software.date')}>
                <time dateTime={d.releaseDate}>{format.calendarDate(d.releaseDate, 'long')}</time>
              </td>
              <td
                className="my-solutions-software__numeric"
                data-label={t('my-solutions.software.size')}
              >
                <data value={d.size}>{format.fileSize(d.size)}</data>
              </td>
              <td
                className="my-solutions-software__sha"
                data-label={t('my-solutions.software.sha256')}
              >
                <code data-sha256={d.id}>{d.sha256}</code>
                <button
                  type="button"
                  className="ui-link-button"
                  aria-label={t('my-solutions.software.copy.label', { name: d.name })}
                  onClick={() => void copy(d)}
                >
                  {t('my-solutions.software.copy')}
                </button>
              </td>
              <RowAction
                label={t('my-solutions.software.download.label', { name: d.name })}
                disabled={download.isPending}
                onClick={() => download.mutate({ productId: product.id, download: d })}
              >
                {t('my-solutions.software.download')}
              </RowAction>
            </tr>
          ))}
        </CardTable>
      )}
    </section>
  );
}
