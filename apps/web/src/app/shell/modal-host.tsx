/** Where the shared modal (§2 Shared widgets: Modal) renders; the modal widget portals into it. */
export const MODAL_HOST_ID = 'modal-host';

/** The modal slot at the end of the shell, outside the page that may be hidden. */
export function ModalHost() {
  return <div id={MODAL_HOST_ID} className="app-modal-host" />;
}
