import { describe, expect, it } from 'vitest';
import { hasControlCharacters, withoutControlCharacters } from './text.js';

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
