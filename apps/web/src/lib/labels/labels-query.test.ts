import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationStore } from '../notifications/notification-store.js';
import { setupTestServer } from '../../../test/msw.js';
import { TEST_ORIGIN, installTestConfig } from '../../../test/test-config.js';
import { defineLabels } from './define-labels.js';
import { i18n } from './i18n.js';
import {
  applyLabels,
  labelsQueryOptions,
  loadLabels,
  mergeLabels,
  resolveLocale,
  SUPPORTED_LOCALES,
} from './labels-query.js';

const server = setupTestServer();
const LABELS_URL = `${TEST_ORIGIN}/api/content/labels/cpplabels`;
const FALLBACK_NOTICE =
  'Due to maintenance, this environment is currently only available in English. We apologize for any inconvenience.';

defineLabels({ 'test.greeting': 'Hello', 'test.farewell': 'Goodbye' });

beforeEach(() => {
  installTestConfig();
  useNotificationStore.getState().clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const locale of SUPPORTED_LOCALES) i18n.removeResourceBundle(locale, 'server');
  await i18n.changeLanguage('en');
});

describe('mergeLabels (§7 first row)', () => {
  it('puts server values over the defaults and keeps the defaults the server lacks', () => {
    expect(
      mergeLabels({ a: 'A', b: 'B' }, [
        { key: 'a', value: 'Server A' },
        { key: 'c', value: 'Server C' },
      ]),
    ).toEqual({ a: 'Server A', b: 'B', c: 'Server C' });
  });

  it('falls back to the default for an empty (or blank) server value', () => {
    expect(
      mergeLabels({ a: 'A', b: 'B' }, [
        { key: 'a', value: '' },
        { key: 'b', value: '   ' },
        { key: 'z', value: '' },
      ]),
    ).toEqual({ a: 'A', b: 'B' });
  });
});

describe('loading labels', () => {
  it('requests the profile language and makes the merged labels current', async () => {
    let requested: string | null = null;
    server.use(
      http.get(LABELS_URL, ({ request }) => {
        requested = new URL(request.url).searchParams.get('language');
        return HttpResponse.json([
          { key: 'test.greeting', value: 'Hallo' },
          { key: 'test.farewell', value: '' },
        ]);
      }),
    );

    const loaded = await loadLabels('de');

    expect(requested).toBe('de');
    expect(loaded).toMatchObject({ language: 'de', fallback: false });
    expect(i18n.language).toBe('de');
    expect(i18n.t('test.greeting')).toBe('Hallo');
    expect(i18n.t('test.farewell')).toBe('Goodbye');
    expect(document.documentElement.lang).toBe('de');
    expect(useNotificationStore.getState().notification).toBeNull();
  });

  it('on failure uses the English defaults and raises the persistent maintenance notice', async () => {
    await applyLabels('de', [{ key: 'test.greeting', value: 'Hallo' }]);
    server.use(http.get(LABELS_URL, () => HttpResponse.json({}, { status: 500 })));

    const loaded = await loadLabels('de');

    expect(loaded).toMatchObject({ language: 'en', fallback: true });
    expect(i18n.language).toBe('en');
    expect(i18n.t('test.greeting')).toBe('Hello');
    const notification = useNotificationStore.getState().notification;
    expect(notification).toMatchObject({ content: FALLBACK_NOTICE, persistent: true });
    // Persistent: a navigation does not close it.
    useNotificationStore.getState().clearNonPersistent();
    expect(useNotificationStore.getState().notification?.content).toBe(FALLBACK_NOTICE);
  });

  it('treats an answer of the wrong shape as a failure too', async () => {
    server.use(http.get(LABELS_URL, () => HttpResponse.json({ labels: 'nope' })));
    await expect(loadLabels('en')).resolves.toMatchObject({ fallback: true });
    expect(useNotificationStore.getState().notification?.content).toBe(FALLBACK_NOTICE);
  });

  it('is a cached query keyed by locale that loads once', async () => {
    let calls = 0;
    server.use(
      http.get(LABELS_URL, () => {
        calls++;
        return HttpResponse.json([{ key: 'test.greeting', value: 'Bonjour' }]);
      }),
    );
    const client = new QueryClient();
    const options = labelsQueryOptions('fr-FR');
    expect(options.queryKey).toEqual(['labels', 'fr']);
    await client.query(options);
    await client.query(options);
    expect(calls).toBe(1);
    expect(i18n.t('test.greeting')).toBe('Bonjour');
  });
});

describe('resolveLocale (§9: default en; de es fr nl no pt pl sv)', () => {
  it.each([
    ['de', 'de'],
    ['de-DE', 'de'],
    ['SV_se', 'sv'],
    ['nb', 'no'],
    ['pt-BR', 'pt'],
    ['fi', 'en'],
    ['', 'en'],
    [null, 'en'],
  ])('%s → %s', (input, expected) => {
    expect(resolveLocale(input)).toBe(expected);
  });
});
