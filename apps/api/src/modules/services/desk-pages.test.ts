// The desk's pages as React renders them (issue 36, 37; ADR 0067): escaping is the renderer's
// job, the portal's page above the frame shows the title (one visible heading), and dates are
// written as the app writes them, in the reader's language and zone.
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { catalogTexts } from '../../lib/i18n/translate.js';
import { casePage, contactsPage, incidentPage, trackCasesPage } from './desk-pages.js';
import type { SupportCase } from './services.service.js';

const hostile = '<script>alert(1)</script>"\'&<b>x</b>';
const supportCase: SupportCase = {
  number: 'CS0009001',
  shortDescription: hostile,
  description: `${hostile}\nsecond line`,
  category: 'Software',
  priority: '3 - Moderate',
  status: 'New',
  createdBy: hostile,
  createdAt: new Date('2026-11-23T13:05:42Z'),
  updatedAt: new Date('2026-11-28T09:41:17Z'),
};
const en = { language: 'en', t: catalogTexts('en'), timeZone: 'Europe/Oslo' } as const;
const de = { language: 'de', t: catalogTexts('de'), timeZone: 'Europe/Berlin' } as const;
const documentOf = (html: string) => new JSDOM(html).window.document;
const visible = (element: Element) => !element.classList.contains('ui-visually-hidden');

describe('desk pages', () => {
  it('render hostile text as text: the renderer escapes it, no markup gets in', () => {
    for (const html of [
      trackCasesPage(en, [supportCase], ''),
      casePage(en, supportCase, true),
      contactsPage(en, [
        { id: '1', name: hostile, role: hostile, email: 'x@y.test', phone_number: hostile },
      ]),
      incidentPage(en, {
        csrf: '"><script>',
        values: { shortDescription: hostile, description: hostile },
        errors: {},
      }),
    ]) {
      const doc = documentOf(html);
      expect(doc.querySelectorAll('script, b')).toHaveLength(0);
      expect(html).not.toContain('<script>');
      expect(
        doc.body.textContent +
          [...doc.querySelectorAll('input, textarea')]
            .map((e) => (e as HTMLInputElement).value)
            .join(''),
      ).toContain(hostile);
    }
    const cases = documentOf(trackCasesPage(en, [supportCase], ''));
    expect(cases.querySelector('tbody td')?.textContent).toBe(hostile);
  });

  it('show no heading of their own on track cases: one h1, for screen readers and the title', () => {
    const doc = documentOf(trackCasesPage(en, [supportCase], ''));
    const headings = [...doc.querySelectorAll('h1, h2')];
    expect(headings).toHaveLength(1);
    expect(headings[0]!.textContent).toBe('Track cases');
    expect(headings.filter(visible)).toHaveLength(0);
    expect(doc.title).toBe('Track cases | Support desk');
    expect(doc.querySelector('main')).not.toBeNull();
  });

  it('write dates as the app does: German, in the reader’s zone, no seconds, no zone name', () => {
    const doc = documentOf(trackCasesPage(de, [supportCase], ''));
    const time = doc.querySelector('tbody time');
    expect(time?.getAttribute('datetime')).toBe('2026-11-28T09:41:17.000Z');
    expect(time?.textContent).toBe('28.11.2026, 10:41');
    const detail = documentOf(casePage(de, supportCase, false));
    expect([...detail.querySelectorAll('.details time')].map((t) => t.textContent)).toEqual([
      '23.11.2026, 14:05',
      '28.11.2026, 10:41',
    ]);
  });

  it('put the status filter in the app’s field with its label, in the reader’s language', () => {
    const doc = documentOf(trackCasesPage(de, [supportCase], 'new'));
    const select = doc.querySelector<HTMLSelectElement>('.filter .ui-field select#status');
    expect(doc.querySelector('label[for="status"]')?.textContent).toBe('Status');
    expect(select?.value).toBe('new');
    expect(doc.documentElement.lang).toBe('de');
  });
});
