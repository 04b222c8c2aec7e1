// The busy sign-in page (503) is rendered once per language and only has the form address and
// the typed e-mail spliced in (issue 11, ADR 0042): it must stay the very page signInPage
// renders, escaping included.
import { PSEUDO_LANGUAGE, SUPPORTED_LANGUAGES, type LabelLanguage } from '@portico/locales';
import { describe, expect, it } from 'vitest';
import { catalogTexts } from '../../lib/i18n/translate.js';
import { busyPage, signInPage } from './oidc-pages.js';

const languages: LabelLanguage[] = [...SUPPORTED_LANGUAGES, PSEUDO_LANGUAGE];
const actions = ['/oidc/interaction/abc123', '/oidc/interaction/a%22b%3Cc%3E&amp;'];
const emails = [
  '',
  'anna.customer@portico.test',
  '"><script>alert(1)</script>@x.test',
  "o'brien&co@<x>.test",
  '\u0000action\u0000@x.test', // the template's own stand-ins, typed by someone
  'ünïcødé@exämple.test',
];

describe('busyPage', () => {
  it.each(languages)(
    'is the sign-in page with the busy message in %s, whatever was typed',
    (language) => {
      const t = catalogTexts(language);
      for (const action of actions) {
        for (const email of emails) {
          // Twice: the first call renders the template, the second reuses it.
          for (let i = 0; i < 2; i += 1) {
            expect(busyPage(language, action, email)).toBe(
              signInPage({ language, t }, { action, email, error: t('signin.busy') }),
            );
          }
        }
      }
    },
  );

  it('escapes the typed e-mail and keeps it in the form', () => {
    const page = busyPage('en', actions[0]!, '"><script>@x.test');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;@x.test"');
    expect(page).not.toContain('<script>');
    expect(page).toContain('Sign-in is very busy right now.');
  });
});
