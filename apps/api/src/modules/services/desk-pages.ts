// The built-in support desk's pages (issue 5), as React components rendered on the server
// (ADR 0067): the shared parts, the two forms, the case pages, and portals, contacts and the
// status pages. The routes import them from here.
export { CSRF_FIELD, DESK_PREFIX, STYLESHEET_PATH, type DeskTexts } from './desk-page-parts.js';
export {
  incidentPage,
  serviceRequestPage,
  type IncidentPageOptions,
  type ServiceRequestPageOptions,
} from './desk-form-pages.js';
export { casePage, trackCasesPage } from './desk-case-pages.js';
export { contactsPage, deskMessages, messagePage, portalsPage } from './desk-info-pages.js';
