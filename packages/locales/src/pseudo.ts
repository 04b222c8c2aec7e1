/**
 * Pseudo-localisation: every letter accented, every word made about 30 % longer, the text wrapped in
 * ⟦ ⟧, so an untranslated string (no brackets) and a box too small for longer languages both
 * show up in the browser. Placeholders ({name}, {{count}}) and HTML tags stay as they are.
 */
const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ľ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ŧ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ľ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ŧ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** Placeholders and tags, which must reach the formatter unchanged. */
const PROTECTED = /(\{\{[^}]*\}\}|\{[A-Za-z0-9_]+\}|<[^>]*>|&[a-z]+;)/g;

export function pseudoLocalize(text: string): string {
  if (text.trim() === '') return text;
  const body = text
    .split(PROTECTED)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : // Each word grows by about 30 %, as German or Polish words do, so lines can still
          // wrap between words the way real translations wrap.
          part.replace(
            /[A-Za-z]+/g,
            (word) =>
              word.replace(/[A-Za-z]/g, (ch) => ACCENTED[ch] ?? ch) +
              '·'.repeat(Math.ceil(word.length * 0.3)),
          ),
    )
    .join('');
  return `${PSEUDO_OPEN}${body}${PSEUDO_CLOSE}`;
}
