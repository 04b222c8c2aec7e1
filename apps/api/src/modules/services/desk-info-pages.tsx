import { safeAddress } from '../../lib/html.js';
import type { ContactRow, PortalRow } from './services.repository.js';
import { renderDeskPage, ScrollingTable, type DeskTexts } from './desk-page-parts.js';

// The desk's pages open to every desk session (portals, contacts) and its status pages.

export function portalsPage(texts: DeskTexts, portals: readonly PortalRow[]): string {
  const { t } = texts;
  return renderDeskPage(texts, {
    heading: t('desk.portals.title'),
    children: portals.length ? (
      <ul className="cards">
        {portals.map((p, i) => (
          <li className="card" key={i}>
            <h2>
              <a href={safeAddress(p.url)} target="_blank" rel="noopener noreferrer">
                {p.name}
                <span className="ui-visually-hidden">{` ${t('desk.portals.new-tab')}`}</span>
              </a>
            </h2>
            <p>{p.description}</p>
          </li>
        ))}
      </ul>
    ) : (
      <p className="empty">{t('desk.portals.empty')}</p>
    ),
  });
}

const contactColumns = [
  'desk.contacts.name',
  'desk.contacts.role',
  'desk.contacts.email',
  'desk.contacts.phone',
] as const;

export function contactsPage(texts: DeskTexts, contacts: readonly ContactRow[]): string {
  const { t } = texts;
  return renderDeskPage(texts, {
    heading: t('desk.contacts.title'),
    children: (
      <>
        <p>{t('desk.contacts.intro')}</p>
        {contacts.length ? (
          <ScrollingTable
            className="contacts"
            caption={t('desk.contacts.caption')}
            columns={contactColumns.map((key) => t(key))}
          >
            {contacts.map((c, i) => (
              <tr key={i}>
                <th scope="row">{c.name}</th>
                <td>{c.role}</td>
                <td>
                  <a href={safeAddress(`mailto:${c.email}`)}>{c.email}</a>
                </td>
                <td>
                  {c.phone_number ?? (
                    <span className="ui-visually-hidden">{t('desk.contacts.no-phone')}</span>
                  )}
                </td>
              </tr>
            ))}
          </ScrollingTable>
        ) : (
          <p className="empty">{t('desk.contacts.empty')}</p>
        )}
      </>
    ),
  });
}

/** Status pages: session expired, not found, form expired, something went wrong. */
export function messagePage(texts: DeskTexts, title: string, message: string): string {
  return renderDeskPage(texts, {
    heading: title,
    visibleHeading: true,
    children: <p>{message}</p>,
  });
}

/** The status pages' texts: [title key, message key] in desk.texts.ts. */
export const deskMessages = {
  signedOut: ['desk.signed-out.title', 'desk.signed-out'],
  notFound: ['desk.not-found.title', 'desk.not-found'],
  forbidden: ['desk.forbidden.title', 'desk.forbidden'],
  formExpired: ['desk.form-expired.title', 'desk.form-expired'],
  error: ['desk.error.title', 'desk.error'],
  badRequest: ['desk.bad-request.title', 'desk.bad-request'],
  unknownStatus: ['desk.unknown-status.title', 'desk.unknown-status'],
} as const;
