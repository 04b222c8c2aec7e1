import { useCombobox } from 'downshift';
import { useMemo, useState } from 'react';
import { searchable, type TimeZoneOption } from '../../../lib/format/time-zone-options.js';
import { useT } from '../../../lib/labels/use-t.js';
import type { FieldControlProps } from '../field/field.js';
import './time-zone-picker.css';
import './time-zone-picker.labels.js';

const nameOf = (option: TimeZoneOption | null): string => option?.name ?? '';

/** The options whose name, id or offset hold every word of the query. */
function matching(options: readonly TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => words.every((word) => option.haystack.includes(word)));
}

/** Consecutive options of one offset, as the listbox's groups. */
function groupsOf(options: readonly TimeZoneOption[]) {
  const groups: { offset: string; items: { option: TimeZoneOption; index: number }[] }[] = [];
  options.forEach((option, index) => {
    const last = groups[groups.length - 1];
    if (last?.offset === option.offset) last.items.push({ option, index });
    else groups.push({ offset: option.offset, items: [{ option, index }] });
  });
  return groups;
}

/**
 * A searchable time-zone field (issue 37): a WAI-ARIA combobox by downshift over the zones,
 * grouped by offset. Typing filters by name, city, IANA id or offset; arrows, Enter and
 * Escape work as in any combobox. Leaving the field without choosing keeps the value.
 * Inside a Field, whose label names it (`${id}-label`).
 */
export function TimeZonePicker({
  value,
  onChange,
  options,
  onBlur,
  ...control
}: FieldControlProps & {
  value: string;
  onChange: (zone: string) => void;
  onBlur?: () => void;
  options: readonly TimeZoneOption[];
}) {
  const t = useT();
  const selected = useMemo<TimeZoneOption>(
    () =>
      options.find((option) => option.id === value) ?? {
        id: value,
        name: value,
        offset: '',
        offsetMinutes: 0,
        haystack: searchable(value),
      },
    [options, value],
  );
  const [query, setQuery] = useState<string | null>(null);
  const items = useMemo(
    () => (query === null ? [...options] : matching(options, query)),
    [options, query],
  );
  const {
    isOpen,
    highlightedIndex,
    inputValue,
    getInputProps,
    getMenuProps,
    getItemProps,
    getToggleButtonProps,
  } = useCombobox<TimeZoneOption>({
    items,
    itemToString: nameOf,
    itemToKey: (item) => item?.id,
    selectedItem: selected,
    inputId: control.id,
    labelId: `${control.id}-label`,
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem && selectedItem.id !== value) onChange(selectedItem.id);
    },
    onInputValueChange: ({ inputValue: typed, type }) => {
      // The whole list while the field shows the chosen zone; the matches while typing.
      setQuery(type === useCombobox.stateChangeTypes.InputChange ? typed : null);
    },
    stateReducer: (state, { type, changes }) => {
      // Leaving the field keeps the chosen zone: a highlighted match is not taken on Tab.
      if (type === useCombobox.stateChangeTypes.InputBlur) {
        return {
          ...changes,
          selectedItem: state.selectedItem,
          inputValue: nameOf(state.selectedItem),
        };
      }
      return changes;
    },
  });
  const hintId = `${control.id}-search-hint`;
  const statusId = `${control.id}-status`;
  const describedBy = [control['aria-describedby'], hintId].filter(Boolean).join(' ');
  return (
    <div className="ui-tz">
      <div className="ui-tz__control">
        <input
          {...getInputProps({
            ...(control.required ? { required: true } : {}),
            ...(control['aria-invalid'] ? { 'aria-invalid': true } : {}),
            'aria-describedby': describedBy,
            spellCheck: false,
            ...(onBlur ? { onBlur } : {}),
          })}
        />
        <button
          type="button"
          className="ui-tz__toggle"
          {...getToggleButtonProps({ 'aria-label': t('time-zone-picker.toggle'), tabIndex: -1 })}
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <p id={hintId} className="ui-field__hint">
        {t('time-zone-picker.hint')}
      </p>
      <div {...getMenuProps({ className: 'ui-tz__menu' })} hidden={!isOpen || items.length === 0}>
        {isOpen &&
          groupsOf(items).map((group) => (
            <div
              key={group.offset || 'other'}
              role="group"
              aria-labelledby={`${control.id}-group-${group.items[0]?.index ?? 0}`}
            >
              <div
                role="presentation"
                id={`${control.id}-group-${group.items[0]?.index ?? 0}`}
                className="ui-tz__group"
              >
                {group.offset}
              </div>
              {group.items.map(({ option, index }) => (
                <div
                  key={option.id}
                  className="ui-tz__option"
                  data-highlighted={highlightedIndex === index || undefined}
                  {...getItemProps({ item: option, index })}
                >
                  {option.name}
                </div>
              ))}
            </div>
          ))}
      </div>
      <p id={statusId} className="ui-visually-hidden" role="status">
        {isOpen && inputValue !== nameOf(selected)
          ? items.length === 0
            ? t('time-zone-picker.no-match', { query: inputValue })
            : t('time-zone-picker.count', { count: items.length })
          : ''}
      </p>
      {isOpen && items.length === 0 && (
        <p className="ui-tz__empty">{t('time-zone-picker.no-match', { query: inputValue })}</p>
      )}
    </div>
  );
}
