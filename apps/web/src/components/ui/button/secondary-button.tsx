import type { ButtonHTMLAttributes } from 'react';

/**
 * A secondary action of a page or form (not its submit): the house's secondary button, with
 * any further class (`um-danger`) after its own.
 */
export function SecondaryButton({
  className,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  return (
    <button
      type="button"
      className={
        className ? `ui-button ui-button--secondary ${className}` : 'ui-button ui-button--secondary'
      }
      {...button}
    />
  );
}
