import type { Release, ReleaseNote } from '@portico/contracts';
import { useId, useState, type SyntheticEvent } from 'react';
import { useSearchParams } from 'react-router';
import { htmlText } from '../../../lib/html/html-text.js';
import { sanitizeRichHtml } from '../../../lib/html/sanitize-rich-html.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useReleaseChanges, useReleaseNotes, useReleases } from '../api/products.js';
import { useCurrentProduct } from '../../../lib/product/current-product.js';
import { ReleaseSelect } from './release-select.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

/** Notes grouped by version, in the order given. */
function byVersion(
  notes: readonly ReleaseNote[],
): { version: string; date: string; notes: ReleaseNote[] }[] {
  const groups: { version: string; date: string; notes: ReleaseNote[] }[] = [];
  for (const note of notes) {
    const last = groups.at(-1);
    if (last?.version === note.version) last.notes.push(note);
    else groups.push({ version: note.version, date: note.releaseDate, notes: [note] });
  }
  return groups;
}

function NoteGroups({ notes, level }: { notes: readonly ReleaseNote[]; level: 3 | 4 }) {
  const t = useT();
  const format = useFormat();
  const VersionHeading = level === 3 ? 'h3' : 'h4';
  const NoteHeading = level === 3 ? 'h4' : 'h5';
  return byVersion(notes).map((group) => (
    <article key={group.version} className="my-solutions-notes__version">
      <VersionHeading>{t('my-solutions.notes.version', { version: group.version })}</VersionHeading>
      <p className="my-solutions-notes__date">
        {t('my-solutions.notes.released', { date: format.calendarDate(group.date, 'long') })}
      </p>
      {group.notes.map((note) => (
        <div key={note.id} className="my-solutions-notes__note">
          <NoteHeading>{note.title}</NoteHeading>
          <div
            // Sanitised by the API when stored and again here (ADR 0019: one allow-list).
            dangerouslySetInnerHTML={{ __html: sanitizeRichHtml(note.content) }}
          />
        </div>
      ))}
    </article>
  ));
}

/** The "changes between version X and Y" form; `from` and `to` live in the address. */
/** One end of the range of versions to compare, as a labelled select. */
function VersionField(props: {
  id: string;
  label: string;
  versions: readonly string[];
  value: string;
  onChange: (version: string) => void;
}) {
  return (
    <div className="my-solutions-field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.versions.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </div>
  );
}

function ChangesForm({ releases }: { releases: readonly Release[] }) {
  const t = useT();
  const fromId = useId();
  const toId = useId();
  const [params, setParams] = useSearchParams();
  // Oldest first reads naturally in "from"; the newest two are the default pair.
  const versions = [...releases].reverse().map((r) => r.version);
  const [from, setFrom] = useState(params.get('from') ?? versions.at(-2) ?? '');
  const [to, setTo] = useState(params.get('to') ?? versions.at(-1) ?? '');

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    next.set('from', from);
    next.set('to', to);
    setParams(next);
  };
  return (
    <form className="my-solutions-changes__form" onSubmit={onSubmit}>
      {(
        [
          [fromId, t('my-solutions.changes.from'), from, setFrom],
          [toId, t('my-solutions.changes.to'), to, setTo],
        ] as const
      ).map(([id, label, value, onChange]) => (
        <VersionField
          key={id}
          id={id}
          label={label}
          versions={versions}
          value={value}
          onChange={onChange}
        />
      ))}
      <button type="submit" className="ui-button">
        {t('my-solutions.changes.submit')}
      </button>
    </form>
  );
}

function Changes({ productId, from, to }: { productId: string; from: string; to: string }) {
  const t = useT();
  const changes = useReleaseChanges(productId, from, to);
  if (from === to)
    return (
      <p className="ui-error-text" role="alert">
        {t('my-solutions.changes.same')}
      </p>
    );
  return (
    <div className="my-solutions-changes__result" aria-busy={changes.isFetching}>
      <h3>{t('my-solutions.changes.heading', { from, to })}</h3>
      <p>{t('my-solutions.changes.rule', { from, to })}</p>
      {changes.isError && <QueryErrorState query={changes} />}
      {changes.isSuccess && changes.data.length === 0 && (
        <p role="status">{t('my-solutions.changes.none')}</p>
      )}
      {changes.data && <NoteGroups notes={changes.data} level={4} />}
    </div>
  );
}

/** Whether a note's title or shown text (not its markup) contains `words` (lower case). */
const noteMatches = (note: ReleaseNote, words: string): boolean =>
  words === '' || `${note.title} ${htmlText(note.content)}`.toLowerCase().includes(words);

/**
 * The release notes tab: notes per version (sanitised HTML), narrowed by `release` and
 * `query` in the address, and the changes between two versions. The query it filters by is
 * shown with a button that clears it (issue 27).
 */
export function ReleaseNotesTab() {
  const t = useT();
  const product = useCurrentProduct();
  const [params, setParams] = useSearchParams();
  const release = params.get('release') ?? '';
  const query = (params.get('query') ?? '').trim();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const releases = useReleases(product.id);
  const notes = useReleaseNotes(product.id, release);
  const words = query.toLowerCase();
  const shown = (notes.data ?? []).filter((note) => noteMatches(note, words));
  const clearQuery = () => {
    const next = new URLSearchParams(params);
    next.delete('query');
    setParams(next);
  };

  return (
    <div className="my-solutions-notes">
      <section aria-labelledby="changes-title" className="ui-panel my-solutions-changes">
        <h2 id="changes-title">{t('my-solutions.changes.title')}</h2>
        {releases.data && releases.data.length > 1 && <ChangesForm releases={releases.data} />}
        {from !== '' && to !== '' && <Changes productId={product.id} from={from} to={to} />}
      </section>
      <section aria-labelledby="notes-title">
        <h2 id="notes-title">{t('my-solutions.tab.release-notes')}</h2>
        <div className="my-solutions-filters">
          <ReleaseSelect productId={product.id} />
          {query !== '' && (
            <p className="my-solutions-notes__query">
              {t('my-solutions.notes.filter.query', { query })}{' '}
              <SecondaryButton onClick={clearQuery}>
                {t('my-solutions.notes.filter.clear')}
              </SecondaryButton>
            </p>
          )}
        </div>
        {notes.isError && <QueryErrorState query={notes} />}
        {notes.isSuccess && shown.length === 0 && (
          <p role="status">{t('my-solutions.notes.empty')}</p>
        )}
        <NoteGroups notes={shown} level={3} />
      </section>
    </div>
  );
}
