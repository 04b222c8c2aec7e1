import type { AccountChoice, UserType } from '@portico/contracts';
import { useCombobox } from 'downshift';
import { useDeferredValue, useMemo, useState } from 'react';
import { useT } from '../../lib/labels/use-t.js';
import { useAccountSearch } from './account-picker-api.js';
import './account-picker.labels.js';
import './account-picker.css';

export interface AccountPickerProps {
  /** Who picks: an employee searches every account, a partner their own and their customers'. */
  userType: UserType;
  /** The account in view (the combobox shows its name). */
  current: AccountChoice;
  own: AccountChoice;
  /** The recently used accounts, last first: offered first. */
  recent: readonly AccountChoice[];
  onPick: (account: AccountChoice) => void;
}

type Option = AccountChoice & { tag: 'recent' | 'own' | undefined };

const toText = (account: AccountChoice | null): string => account?.name ?? '';

/**
 * The account picker of /cloud and /invoices (issue 37, ADR 0070): a combobox (WAI-ARIA 1.2,
 * downshift's useCombobox) with the recently used accounts first, then the accounts that match
 * what is typed, searched on the server for a vendor employee. Arrow keys move, Enter picks,
 * Escape restores the account in view.
 */
export function AccountPicker({ userType, current, own, recent, onPick }: AccountPickerProps) {
  const t = useT();
  // Mirrors of the combobox's own state (downshift keeps the input's value, so no keystroke
  // is lost to a late re-render): what to search for, and whether to search at all.
  const [inputValue, setInputValue] = useState(current.name);
  const [isOpen, setIsOpen] = useState(false);
  // While the text is the account in view, nothing has been typed: offer everything.
  const typed = inputValue === current.name ? '' : inputValue.trim();
  const term = useDeferredValue(typed);
  const search = useAccountSearch(userType, term, own, isOpen);
  const selectedItem = useMemo<Option>(
    () => ({ id: current.id, name: current.name, tag: undefined }),
    [current.id, current.name],
  );

  const options = useMemo<Option[]>(() => {
    const wanted = term.toLocaleLowerCase();
    const recentHits = recent.filter(
      (account) =>
        account.name.toLocaleLowerCase().includes(wanted) ||
        account.id.toLocaleLowerCase().includes(wanted),
    );
    const seen = new Set(recentHits.map((account) => account.id));
    return [
      ...recentHits.map((account) => ({ ...account, tag: 'recent' as const })),
      ...search.accounts
        .filter((account) => !seen.has(account.id))
        .map((account) => ({
          ...account,
          tag: account.id === own.id ? ('own' as const) : undefined,
        })),
    ];
  }, [recent, search.accounts, term, own.id]);

  // The highlight follows the option, not its place: the list changes as the server's answer for
  // the last keystroke arrives, and Enter must pick what was highlighted, never the option that
  // took its place (or none, when the list got shorter: the box would empty).
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const highlighted =
    highlightedId === null ? -1 : options.findIndex((option) => option.id === highlightedId);

  const combobox = useCombobox<Option>({
    items: options,
    highlightedIndex: highlighted,
    onHighlightedIndexChange: ({ highlightedIndex: index }) =>
      setHighlightedId(options[index]?.id ?? null),
    itemToString: toText,
    itemToKey: (item) => item?.id,
    selectedItem,
    // Escape, or leaving without a pick, shows the account in view again (never an empty box).
    stateReducer: (state, { type, changes }) => {
      const kept = {
        ...changes,
        selectedItem: state.selectedItem,
        inputValue: toText(state.selectedItem),
      };
      if (type === useCombobox.stateChangeTypes.InputKeyDownEscape) return kept;
      if (
        type === useCombobox.stateChangeTypes.InputBlur &&
        changes.selectedItem === state.selectedItem
      )
        return kept;
      return changes;
    },
    onIsOpenChange: ({ isOpen: open }) => setIsOpen(open),
    onInputValueChange: ({ inputValue: value }) => setInputValue(value),
    onSelectedItemChange: ({ selectedItem: picked }) => {
      if (picked && picked.id !== current.id) onPick({ id: picked.id, name: picked.name });
    },
  });
  const { getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } =
    combobox;
  const { highlightedIndex } = combobox;

  const status = search.failed
    ? t('account-picker.failed')
    : search.loading && options.length === 0
      ? t('account-picker.searching')
      : options.length === 0
        ? t('account-picker.none', { term })
        : t('account-picker.count', { count: options.length });

  return (
    <div className="account-picker">
      <label className="account-picker__label" {...getLabelProps()}>
        {t('account-picker.label')}
      </label>
      <div className="account-picker__control">
        <input
          className="account-picker__input"
          {...getInputProps({
            'aria-describedby': 'account-picker-hint',
            onFocus: (event) => event.currentTarget.select(),
          })}
        />
        <button
          type="button"
          className="account-picker__toggle"
          aria-label={t('account-picker.open')}
          {...getToggleButtonProps()}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <p id="account-picker-hint" className="ui-visually-hidden">
        {t('account-picker.hint')}
      </p>
      <ul className="account-picker__menu" hidden={!combobox.isOpen} {...getMenuProps()}>
        {combobox.isOpen &&
          options.map((option, index) => {
            const tag = option.tag
              ? t(option.tag === 'recent' ? 'account-picker.recent' : 'account-picker.own')
              : '';
            return (
              <li
                key={option.id}
                className={`account-picker__option${highlightedIndex === index ? ' account-picker__option--active' : ''}${option.id === current.id ? ' account-picker__option--current' : ''}`}
                {...getItemProps({ item: option, index })}
                aria-label={
                  tag ? t('account-picker.tagged', { name: option.name, tag }) : undefined
                }
              >
                <span>{option.name}</span>
                {/* A space: the tag is a word of its own in the visible text, as in the name. */}
                {tag && ' '}
                {tag && (
                  <span className="account-picker__tag" aria-hidden="true">
                    {tag}
                  </span>
                )}
              </li>
            );
          })}
      </ul>
      {combobox.isOpen && (
        <p className="ui-visually-hidden" role="status">
          {status}
        </p>
      )}
      {combobox.isOpen && (search.failed || options.length === 0) && (
        <p className="account-picker__empty" aria-hidden="true">
          {status}
        </p>
      )}
    </div>
  );
}
