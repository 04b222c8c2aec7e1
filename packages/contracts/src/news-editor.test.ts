import { describe, expect, it } from 'vitest';
import { newsEditorInputSchema, newsEditorMessages } from './news-editor.js';

const valid = {
  title: 'Spring release',
  subtitle: '',
  location: '',
  publicationDate: Date.UTC(2026, 2, 1),
  introduction: '',
  content: '<p>Body</p>',
  headerImage: null,
  sales: false,
  productIds: [],
  action: 'draft',
} as const;

const messagesOf = (input: unknown): Record<string, string> => {
  const parsed = newsEditorInputSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('the news editor form', () => {
  it('accepts a complete item and trims its texts', () => {
    expect(newsEditorInputSchema.parse({ ...valid, title: '  Spring release  ' }).title).toBe(
      'Spring release',
    );
  });

  it('names each wrong field with the form message', () => {
    expect(
      messagesOf({
        ...valid,
        title: ' ',
        content: '<p>  </p>',
        publicationDate: Number.NaN,
        subtitle: 'x'.repeat(301),
        location: 'a\u0000b',
      }),
    ).toEqual({
      title: newsEditorMessages.required,
      content: newsEditorMessages.bodyRequired,
      publicationDate: newsEditorMessages.invalidDate,
      subtitle: newsEditorMessages.tooLong,
      location: newsEditorMessages.invalidText,
    });
  });

  it('refuses header image addresses that are not http(s) or same-origin paths', () => {
    const image = (small: string) => ({ large: '/l.webp', medium: '/m.webp', small });
    expect(messagesOf({ ...valid, headerImage: image('/s.webp') })).toEqual({});
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.example/a.png']) {
      expect(messagesOf({ ...valid, headerImage: image(bad) }).headerImage, bad).toBe(
        newsEditorMessages.invalidImage,
      );
    }
  });

  it('knows only the three actions', () => {
    expect(messagesOf({ ...valid, action: 'delete' }).action).toBeDefined();
  });
});
