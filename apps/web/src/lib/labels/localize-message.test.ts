import { userFormMessages } from '@portico/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.js';
import { applyLabels } from './labels-query.js';
import { localizeFieldErrors, localizeMessage } from './localize-message.js';

const t = (key: string) => i18n.t(key);

afterEach(async () => {
  i18n.removeResourceBundle('de', 'server');
  await i18n.changeLanguage('en');
});

describe('localizeMessage (issue 16: §5 messages in the user language)', () => {
  it('shows a contract message through its label, and any other message as it came', async () => {
    await applyLabels('de', [
      { key: 'message.user-form.required', value: 'Dieses Feld ist erforderlich' },
      { key: 'message.user-form.emailExists', value: 'Diese E-Mail-Adresse gibt es schon.' },
    ]);
    expect(localizeMessage(userFormMessages.required, t)).toBe('Dieses Feld ist erforderlich');
    expect(localizeMessage('Something only this server says.', t)).toBe(
      'Something only this server says.',
    );
    expect(
      localizeFieldErrors(
        { firstName: userFormMessages.required, email: userFormMessages.emailExists },
        t,
      ),
    ).toEqual({
      firstName: 'Dieses Feld ist erforderlich',
      email: 'Diese E-Mail-Adresse gibt es schon.',
    });
  });
});
