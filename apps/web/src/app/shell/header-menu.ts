/**
 * The shared header's Menu button (served hidden): on a narrow screen it opens and closes the
 * portal navigation (shared-chrome.css hides the navigation while the button says collapsed).
 * Headers without the button keep their navigation as it is.
 */
export interface HeaderMenu {
  close: () => void;
  destroy: () => void;
}

export function enhanceHeaderMenu(container: ParentNode): HeaderMenu | null {
  const button = container.querySelector('button.portico-header__menu-button');
  if (!(button instanceof HTMLButtonElement)) return null;
  const navId = button.getAttribute('aria-controls');
  const nav = [...container.querySelectorAll('nav')].find((n) => navId !== null && n.id === navId);
  if (!nav) return null;

  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => button.setAttribute('aria-expanded', String(open));
  const onClick = () => setOpen(!isOpen());
  // Escape closes an open menu and puts focus back on its button.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    button.focus();
  };

  setOpen(false);
  button.hidden = false;
  button.addEventListener('click', onClick);
  button.addEventListener('keydown', onKeyDown);
  nav.addEventListener('keydown', onKeyDown);
  return {
    close: () => setOpen(false),
    destroy: () => {
      button.removeEventListener('click', onClick);
      button.removeEventListener('keydown', onKeyDown);
      nav.removeEventListener('keydown', onKeyDown);
    },
  };
}
