import type { AccountUserField, AccountUserInput } from '@portico/contracts';
import type { ReactNode } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Field as UiField, type FieldControlProps } from '../../../components/ui/field/field.js';
import { localizeMessage } from '../../../lib/labels/localize-message.js';
import { useT } from '../../../lib/labels/use-t.js';
import type { userManagementLabels } from '../user-management.labels.js';
import { REQUIRED, toggled } from './user-form-model.js';

/**
 * A form field's label key. Typed: a field the contract adds without a label in
 * user-management.labels is a type error here, not an English key on the screen (issue 36).
 */
export const fieldLabelKey = (name: AccountUserField): keyof typeof userManagementLabels =>
  `user-management.field.${name}`;

/** One field of the user form: its §3 label, required mark, hint and localised §5 error. */
export function UserField({
  name,
  hint,
  children,
}: {
  name: AccountUserField;
  hint?: string;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const t = useT();
  const { errors } = useFormState<AccountUserInput>({ name });
  const message = errors[name]?.message;
  return (
    <UiField
      id={`um-${name}`}
      label={t(fieldLabelKey(name))}
      required={REQUIRED.has(name)}
      hint={hint}
      error={message && localizeMessage(message, t)}
    >
      {children}
    </UiField>
  );
}

type TextFieldName = Exclude<
  AccountUserField,
  'role' | 'c4uRole' | 'active' | 'permissions' | 'productIds'
>;

/** A text input of the user form. */
export function UserTextField({
  name,
  type = 'text',
  placeholder,
  autoComplete = 'off',
  hint,
}: {
  name: TextFieldName;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  hint?: string;
}) {
  const { register } = useFormContext<AccountUserInput>();
  return (
    <UserField name={name} hint={hint}>
      {(props) => (
        <input
          {...props}
          {...register(name)}
          type={type}
          placeholder={placeholder}
          autoComplete={autoComplete}
        />
      )}
    </UserField>
  );
}

/** A select of the user form over its options; `keep` is a value shown though not offered. */
export function UserSelectField({
  name,
  options,
  none,
  keep,
}: {
  name: TextFieldName | 'role' | 'c4uRole';
  options: readonly (readonly [id: string, name: string])[];
  /** The label of an empty choice, when the field may be empty. */
  none?: string;
  keep?: readonly [id: string, name: string] | null;
}) {
  const { register } = useFormContext<AccountUserInput>();
  return (
    <UserField name={name}>
      {(props) => (
        <select {...props} {...register(name)}>
          {none !== undefined && <option value="">{none}</option>}
          {keep && <option value={keep[0]}>{keep[1]}</option>}
          {options.map(([id, label]) => (
            <option key={id} value={id}>
              {label}
            </option>
          ))}
        </select>
      )}
    </UserField>
  );
}

/** A group of checkboxes for a list field (permissions, products), with hint and error. */
export function UserChecks({
  name,
  options,
  hint,
  empty,
}: {
  name: 'permissions' | 'productIds';
  options: readonly { id: string; name: string; kept?: boolean }[];
  hint: string;
  empty: string;
}) {
  const t = useT();
  const { setValue } = useFormContext<AccountUserInput>();
  const { errors } = useFormState<AccountUserInput>({ name });
  const selected = useWatch<AccountUserInput, typeof name>({ name });
  const message = errors[name]?.message;
  const describedBy = [message ? `um-${name}-error` : '', `um-${name}-hint`]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset className="um-form__checks" aria-describedby={describedBy}>
      <legend>{t(fieldLabelKey(name))}</legend>
      {options.length === 0 && <p>{empty}</p>}
      {options.map((option) => (
        <label key={option.id} className="um-form__check">
          <input
            type="checkbox"
            name={name}
            value={option.id}
            checked={(selected ?? []).includes(option.id)}
            disabled={option.kept === true}
            onChange={(e) =>
              setValue(name, toggled(selected, option.id, e.target.checked), { shouldDirty: true })
            }
          />
          {option.name}
        </label>
      ))}
      <p id={`um-${name}-hint`} className="ui-field__hint">
        {hint}
      </p>
      {message && (
        <p id={`um-${name}-error`} className="ui-field__error">
          {localizeMessage(message, t)}
        </p>
      )}
    </fieldset>
  );
}
