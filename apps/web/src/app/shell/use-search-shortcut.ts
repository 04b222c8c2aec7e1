import { useEffect, type RefObject } from 'react';
import { findHeaderSearch } from './header-search.js';

const TYPING_INPUTS = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
]);

/** Whether a key typed here is text for the element (so '/' is not a shortcut there). */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TYPING_INPUTS.has(target.type);
}

/**
 * `/` focuses the header's search box from anywhere that is not a text field (issue 38), as
 * on many sites; with a modifier it is left alone. On a narrow screen the box is folded
 * behind its Search button (ADR 0019): the button opens it first. `host` holds the header.
 */
export function useSearchShortcut(host: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTextField(event.target)) return;
      const input = host.current ? (findHeaderSearch(host.current)?.query ?? null) : null;
      if (!input) return;
      event.preventDefault();
      const toggle = input.ownerDocument.querySelector<HTMLButtonElement>(
        '.portico-header__search-toggle',
      );
      if (
        toggle &&
        toggle.offsetParent !== null &&
        toggle.getAttribute('aria-expanded') === 'false'
      ) {
        toggle.click();
      }
      input.focus();
      input.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [host]);
}
