import { describe, expect, it } from 'vitest';
import {
  findUnstorableText,
  hasControlCharacters,
  isStorableText,
  MAX_PARAMETER_LENGTH,
  parameterProblem,
  withoutControlCharacters,
} from './text.js';

describe('control characters in text a person typed', () => {
  it('finds NUL, bell, escape and DEL, but not tabs, line breaks or other scripts', () => {
    for (const odd of ['a\u0000b', '\u0007', 'x\u001b[1m', 'del\u007f']) {
      expect(hasControlCharacters(odd), JSON.stringify(odd)).toBe(true);
    }
    for (const fine of ['plain', 'tab\there', 'two\nlines\r\n', 'Ærø – 東京 🙂', '']) {
      expect(hasControlCharacters(fine), JSON.stringify(fine)).toBe(false);
    }
  });

  it('drops every one of them and keeps the rest as it was', () => {
    expect(withoutControlCharacters('a\u0000b\u0007c\u007f')).toBe('abc');
    expect(withoutControlCharacters('line one\u0000\nline\ttwo')).toBe('line one\nline\ttwo');
    expect(withoutControlCharacters('Ærø 🙂')).toBe('Ærø 🙂');
  });
});

describe('text the database cannot store', () => {
  it('is a NUL or a surrogate without its partner; pairs, tabs and other controls are fine', () => {
    for (const bad of ['a\u0000', '\ud800', 'x\ud83d', '\udc00y', 'a\udfffb\ud800']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const fine of ['', 'Ærø 🙂', '\ud83d\ude00', 'tab\t\u0007', '𝒜']) {
      expect(isStorableText(fine), JSON.stringify(fine)).toBe(true);
    }
  });

  it('finds the first such string or key in parsed input, by its path', () => {
    expect(findUnstorableText({ a: 'ok', list: [1, 'ok', 'b\u0000'], c: '\ud800' })).toEqual([
      'list',
      2,
    ]);
    expect(findUnstorableText({ nested: { 'k\u0000': 1 } })).toEqual(['nested']);
    expect(findUnstorableText('\ud800')).toEqual([]);
    expect(findUnstorableText({ a: ['🙂', null, true, 3], b: { c: 'd' } })).toBeUndefined();
  });

  it('walks input nested far deeper than the call stack, in linear time', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const started = performance.now();
    expect(findUnstorableText(deep)).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('path and query parameters (ADR 0045 addendum)', () => {
  it('names a parameter holding NUL or a lone surrogate, alone or in a repeated list', () => {
    for (const value of ['a\u0000b', '\ud800', ['ok', '\udfff']]) {
      expect(parameterProblem('id', value), JSON.stringify(value)).toBe(
        'id contains a character that cannot be stored (a NUL or an unpaired surrogate). Remove it and try again.',
      );
    }
  });

  it('refuses a value longer than any route takes, and accepts one at the limit', () => {
    expect(parameterProblem('q', 'x'.repeat(MAX_PARAMETER_LENGTH + 1))).toBe(
      `q must be at most ${MAX_PARAMETER_LENGTH} characters.`,
    );
    expect(parameterProblem('q', 'x'.repeat(MAX_PARAMETER_LENGTH))).toBeUndefined();
  });

  it('refuses a bad parameter name and passes ordinary values and non-strings', () => {
    expect(parameterProblem('a\u0000', 'x')).toMatch(/parameter name/);
    for (const value of ['u-anna', 'Ærø 🙂', 42, undefined, ['a', 'b']]) {
      expect(parameterProblem('id', value), JSON.stringify(value)).toBeUndefined();
    }
  });
});
