import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useReleases } from '../api/products.js';

/** The release filter of a tab: `?release=` in the address ('' = all releases). */
export function ReleaseSelect({ productId }: { productId: string }) {
  const t = useT();
  const id = useId();
  const releases = useReleases(productId);
  const [params, setParams] = useSearchParams();
  const release = params.get('release') ?? '';
  return (
    <>
      <div className="my-solutions-field">
        <label htmlFor={id}>{t('my-solutions.release.label')}</label>
        <select
          id={id}
          value={release}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value === '') next.delete('release');
            else next.set('release', event.target.value);
            setParams(next);
          }}
        >
          <option value="">{t('my-solutions.release.all')}</option>
          {(releases.data ?? []).map((r) => (
            <option key={r.version} value={r.version}>
              {r.version}
            </option>
          ))}
        </select>
      </div>
      {/* Without the releases the filter offers only "all": the §8 text and a retry. */}
      {releases.isError && <QueryErrorState query={releases} />}
    </>
  );
}
