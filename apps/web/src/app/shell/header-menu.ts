/**
 * The shared header's disclosure buttons (served hidden): on a narrow screen the Menu button
 * opens and closes the portal navigation and the Search button the portal search form
 * (shared-chrome.css hides each panel while its button says collapsed; ADR 0013, ADR 0019).
 * Headers without the buttons keep their navigation and search as they are.
 */
export interface HeaderMenu {
  close: () => void;
  destroy: () => void;
}

interface DisclosureOptions {
  /** Called after opening by the user (e.g. to move focus into the panel). */
  onOpen?: (panel: HTMLElement) => void;
}

function enhanceDisclosure(
  container: ParentNode,
  buttonSelector: string,
  panelSelector: string,
  options: DisclosureOptions = {},
): HeaderMenu | null {
  const button = container.querySelector(buttonSelector);
  if (!(button instanceof HTMLButtonElement)) return null;
  const panelId = button.getAttribute('aria-controls');
  const panel = [...container.querySelectorAll<HTMLElement>(panelSelector)].find(
    (p) => panelId !== null && p.id === panelId,
  );
  if (!panel) return null;

  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => button.setAttribute('aria-expanded', String(open));
  const onClick = () => {
    const open = !isOpen();
    setOpen(open);
    if (open) options.onOpen?.(panel);
  };
  // Escape closes an open panel and puts focus back on its button.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    button.focus();
  };

  setOpen(false);
  button.hidden = false;
  button.addEventListener('click', onClick);
  button.addEventListener('keydown', onKeyDown);
  panel.addEventListener('keydown', onKeyDown);
  return {
    close: () => setOpen(false),
    destroy: () => {
      button.removeEventListener('click', onClick);
      button.removeEventListener('keydown', onKeyDown);
      panel.removeEventListener('keydown', onKeyDown);
    },
  };
}

export function enhanceHeaderMenu(container: ParentNode): HeaderMenu | null {
  return enhanceDisclosure(container, 'button.portico-header__menu-button', 'nav');
}

/** The Search button: opening it puts the cursor in the query field. */
export function enhanceHeaderSearchToggle(container: ParentNode): HeaderMenu | null {
  return enhanceDisclosure(container, 'button.portico-header__search-toggle', 'form', {
    onOpen: (form) => {
      const query = form.querySelector('[name="query"]');
      if (query instanceof HTMLElement) query.focus();
    },
  });
}
