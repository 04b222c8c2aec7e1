import type { ReactNode } from 'react';
import './field.css';

/** What the control inside a Field carries so the label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  required?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * One form field (issue 27): label with the §5 required mark (*), the control, a hint and
 * the §5 error message, rendered the same way in every form. The control is the caller's
 * (input, select), given the props that tie it to the label, hint and error.
 */
export function Field({
  id,
  label,
  required = false,
  hint,
  error,
  announce = false,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  /** Announce the error as it appears (one that arrives after a call, e.g. an upload). */
  announce?: boolean;
  children: (props: FieldControlProps) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  return (
    <div className="ui-field">
      {/* The id names the control for widgets that label by reference (a combobox's list). */}
      <label htmlFor={id} id={`${id}-label`}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children({
        id,
        ...(required ? { required: true as const } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="ui-field__error" {...(announce ? { role: 'alert' } : {})}>
          {error}
        </p>
      )}
    </div>
  );
}
