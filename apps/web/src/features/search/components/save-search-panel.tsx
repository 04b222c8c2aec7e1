import { useQuery } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { useT } from '../../../lib/labels/use-t.js';
import { savedSearchesQueryOptions, useSavedSearchMutations } from '../api/saved-searches.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

interface SaveSearchPanelProps {
  query: string;
  /** '' for none. */
  productId: string;
}

/**
 * Save this search (issue 38): the query and product, with the choice to be told of new
 * results in the bell and by e-mail. A saved one shows its choice, which can be changed, and
 * can be removed.
 */
export function SaveSearchPanel({ query, productId }: SaveSearchPanelProps) {
  const t = useT();
  const headingId = useId();
  const saved = useQuery(savedSearchesQueryOptions());
  const { save, update, remove } = useSavedSearchMutations();
  const current =
    saved.data?.items.find((s) => s.query === query && (s.productId ?? '') === productId) ?? null;
  // The form's choice; until the user changes it, the saved one's (or bell only).
  const [choice, setChoice] = useState<{ bell: boolean; email: boolean } | null>(null);
  const bell = choice?.bell ?? current?.notifyBell ?? true;
  const email = choice?.email ?? current?.notifyEmail ?? false;
  const busy = save.isPending || update.isPending || remove.isPending;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const notify = { notifyBell: bell, notifyEmail: email };
    if (current) update.mutate({ id: current.id, ...notify });
    else save.mutate({ query, ...(productId ? { productId } : {}), ...notify });
    setChoice(null);
  };

  if (!saved.isSuccess) return null;
  return (
    <section className="search-save" aria-labelledby={headingId}>
      <h2 className="search-save__title" id={headingId}>
        {t(current ? 'search.save.saved' : 'search.save.title')}
      </h2>
      <form className="search-save__form" onSubmit={onSubmit}>
        <label className="search-save__choice">
          <input
            type="checkbox"
            checked={bell}
            onChange={(e) => setChoice({ bell: e.target.checked, email })}
          />
          {t('search.save.bell')}
        </label>
        <label className="search-save__choice">
          <input
            type="checkbox"
            checked={email}
            onChange={(e) => setChoice({ bell, email: e.target.checked })}
          />
          {t('search.save.email')}
        </label>
        <div className="search-save__actions">
          <button type="submit" className="ui-button" disabled={busy}>
            {t(current ? 'search.save.update' : 'search.save.button')}
          </button>
          {current && (
            <SecondaryButton
              disabled={busy}
              onClick={() => {
                remove.mutate(current.id);
                setChoice(null);
              }}
            >
              {t('search.save.remove')}
            </SecondaryButton>
          )}
        </div>
      </form>
    </section>
  );
}
