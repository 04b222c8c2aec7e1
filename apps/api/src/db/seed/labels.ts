import type { Queryable } from '../db.js';

// English server labels for the keys the spec names, with the spec's own texts (§2, §8), so
// the server copy and the web's built-in defaults say the same thing.
const SOMETHING_WENT_WRONG =
  'Something went wrong. Please send an email to {email} if the situation persists.';

export const englishLabels: Readonly<Record<string, string>> = {
  'news.search.placeholder': 'Search news',
  'faceted-search.label.no-results':
    'Oops, we could not find any results. Please modify your search.',
  'errormessage.401': 'Your session has expired. Redirecting to login...',
  'errormessage.403': SOMETHING_WENT_WRONG,
  'errormessage.404': SOMETHING_WENT_WRONG,
  'errormessage.408': 'Request has timed out. Please try again later.',
  'errormessage.500': SOMETHING_WENT_WRONG,
  'support.title.incident': 'Incident',
  'support.title.service-request': 'Service request',
  'support.title.track-cases': 'Track cases',
  'support.title.track-case': 'Track case',
  'support.title.portals': 'Other portals',
  'support.title.contacts': 'Contacts',
};

// A handful of German labels, enough to show that labels follow the profile's language.
export const germanLabels: Readonly<Record<string, string>> = {
  'news.search.placeholder': 'Nachrichten durchsuchen',
  'faceted-search.label.no-results':
    'Leider haben wir keine Ergebnisse gefunden. Bitte ändern Sie Ihre Suche.',
  'errormessage.401': 'Ihre Sitzung ist abgelaufen. Sie werden zur Anmeldung weitergeleitet...',
  'errormessage.408': 'Die Anfrage hat zu lange gedauert. Bitte versuchen Sie es später erneut.',
  'errormessage.500':
    'Etwas ist schiefgelaufen. Bitte senden Sie eine E-Mail an {email}, wenn das Problem weiterhin besteht.',
  'support.title.incident': 'Störung',
  'support.title.contacts': 'Kontakte',
  ...issue12GermanLabels(),
};

/**
 * Issue 12: My settings, the bell and the subscription topics in German. The header, mail and
 * unsubscribe texts come from the server catalogue (issue 16), so rows for them here would
 * only be editorial overrides.
 */
function issue12GermanLabels(): Record<string, string> {
  return {
    'title.section.my-settings': 'Meine Einstellungen',
    'my-settings.title': 'Meine Einstellungen',
    'my-settings.nav.label': 'Meine Einstellungen',
    'my-settings.nav.profile': 'Profil',
    'my-settings.nav.subscriptions': 'E-Mail-Abonnements',
    'my-settings.profile.title': 'Mein Profil',
    'my-settings.section.account': 'Konto',
    'my-settings.section.person': 'Name und Sprache',
    'my-settings.section.contact': 'Telefon',
    'my-settings.field.email': 'E-Mail',
    'my-settings.field.accountName': 'Konto',
    'my-settings.field.firstName': 'Vorname',
    'my-settings.field.lastName': 'Nachname',
    'my-settings.field.phone': 'Telefon',
    'my-settings.field.mobile': 'Mobiltelefon',
    'my-settings.field.language': 'Sprache',
    'my-settings.field.timeZone': 'Zeitzone',
    'my-settings.read-only':
      'Bitten Sie Ihre Administration, Ihre E-Mail-Adresse oder Ihr Konto zu ändern.',
    'my-settings.phone.hint': 'Internationales Format, z. B. {{example}}',
    'my-settings.local-time': 'Ihre aktuelle Zeit: {{time}}',
    'my-settings.required-note': 'Mit * markierte Felder sind Pflichtfelder.',
    'my-settings.save': 'Speichern',
    'my-settings.saving': 'Wird gespeichert…',
    'my-settings.saved': 'Ihre Einstellungen wurden gespeichert.',
    'my-settings.sign-out-everywhere.title': 'Überall abmelden',
    'my-settings.sign-out-everywhere.text':
      'Meldet Sie auf allen Geräten und in allen Browsern ab, auch in diesem. Sie können sich sofort wieder anmelden.',
    'my-settings.sign-out-everywhere.button': 'Überall abmelden',
    'my-settings.sign-out-everywhere.confirm': 'Auf allen Geräten abmelden',
    'subscriptions.title': 'E-Mail-Abonnements',
    'subscriptions.intro':
      'Wählen Sie, worüber Portico Sie per E-Mail informiert und wie oft. Eine Zusammenfassung bündelt alles in einer E-Mail pro Tag oder Woche.',
    'subscriptions.topic.general-news': 'Allgemeine Neuigkeiten',
    'subscriptions.topic.product-news': 'Produktneuigkeiten',
    'subscriptions.topic.release-notes': 'Versionshinweise',
    'subscriptions.topic.cloud-maintenance': 'Cloud-Wartung und Release-Pläne',
    'subscriptions.topic.support-cases': 'Aktualisierungen zu Support-Fällen',
    'subscriptions.topic.invoices': 'Rechnungen',
    'subscriptions.frequency.immediately': 'Sofort',
    'subscriptions.frequency.daily': 'Tägliche Zusammenfassung',
    'subscriptions.frequency.weekly': 'Wöchentliche Zusammenfassung',
    'subscriptions.frequency.off': 'Aus',
    'subscriptions.save': 'Abonnements speichern',
    'subscriptions.saved': 'Ihre Abonnements wurden gespeichert.',
    'notifications.button': 'Benachrichtigungen',
    'notifications.button.unread': 'Benachrichtigungen, {{count}} ungelesen',
    'notifications.title': 'Benachrichtigungen',
    'notifications.empty': 'Sie haben keine Benachrichtigungen.',
    'notifications.mark-read': 'Als gelesen markieren',
    'notifications.mark-read.named': '„{{title}}“ als gelesen markieren',
    'notifications.mark-all-read': 'Alle als gelesen markieren',
    'notifications.unread': 'Ungelesen',
  };
}

export async function seedLabels(tx: Queryable): Promise<void> {
  const rows = [
    ...Object.entries(englishLabels).map(([key, value]) => ['en', key, value] as const),
    ...Object.entries(germanLabels).map(([key, value]) => ['de', key, value] as const),
  ];
  for (const [language, key, value] of rows) {
    await tx.query('insert into labels (language, key, value) values ($1, $2, $3)', [
      language,
      key,
      value,
    ]);
  }
}
