/**
 * The shared header's disclosure buttons (served hidden): up to 1024 px the Menu button opens
 * and closes the menu (the portal navigation and the account's links), up to 768 px the Search
 * button the portal search form, and from 1025 px the More button the portal links the row
 * has no room for (shared-chrome.css hides each panel while its button says collapsed; ADR
 * 0013, ADR 0019, ADR 0068). Headers without the buttons keep their panels as they are.
 */
export interface HeaderMenu {
  close: () => void;
  destroy: () => void;
}

interface DisclosureOptions {
  /** Called after opening by the user (e.g. to move focus into the panel). */
  onOpen?: (panel: HTMLElement) => void;
  /** A click or focus outside the button and its panel closes it (a menu over the page). */
  closeOutside?: boolean;
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
  // Enter and Space click a button by themselves.
  const onClick = () => {
    const open = !isOpen();
    setOpen(open);
    if (open) options.onOpen?.(panel);
  };
  // Escape closes an open panel and puts focus back on its button.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    event.stopPropagation();
    setOpen(false);
    button.focus();
  };
  const inside = (target: EventTarget | null) =>
    target instanceof Node && (button.contains(target) || panel.contains(target));
  const document = button.ownerDocument;
  const onOutside = (event: Event) => {
    if (isOpen() && !inside(event.target)) setOpen(false);
  };
  // A link chosen in a menu over the page closes it (the app navigates without a reload).
  const onPanelClick = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) setOpen(false);
  };

  setOpen(false);
  button.hidden = false;
  button.addEventListener('click', onClick);
  button.addEventListener('keydown', onKeyDown);
  panel.addEventListener('keydown', onKeyDown);
  if (options.closeOutside) {
    document.addEventListener('click', onOutside);
    document.addEventListener('focusin', onOutside);
    panel.addEventListener('click', onPanelClick);
  }
  return {
    close: () => setOpen(false),
    destroy: () => {
      button.removeEventListener('click', onClick);
      button.removeEventListener('keydown', onKeyDown);
      panel.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onOutside);
      document.removeEventListener('focusin', onOutside);
      panel.removeEventListener('click', onPanelClick);
    },
  };
}

/** The Menu button: its panel is the menu (navigation and account links) or the nav itself. */
export function enhanceHeaderMenu(container: ParentNode): HeaderMenu | null {
  return enhanceDisclosure(
    container,
    'button.portico-header__menu-button',
    '.portico-header__menu, nav',
  );
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

/**
 * The More button (issue 37): a disclosure of the links the row has no room for. It lies over
 * the page, so a click or focus elsewhere closes it, as does choosing one of its links.
 */
export function enhanceHeaderMore(container: ParentNode): HeaderMenu | null {
  return enhanceDisclosure(
    container,
    'button.portico-header__more-button',
    'ul.portico-header__more-list',
    { closeOutside: true },
  );
}
