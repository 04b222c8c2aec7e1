import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '@portico/locales';
import { csvDialect, toCsv } from './csv.js';

const BOM = '\uFEFF';
const en = (rows: readonly (readonly (string | number)[])[]) => toCsv('en', ['h'], rows);
/** The one cell of a one-column English document, as written. */
const cell = (value: string) => en([[value]]).slice('h\r\n'.length, -2);

describe('csvDialect (issue 37: Excel opens the file in columns)', () => {
  it('semicolons and a BOM for every language that writes a decimal comma, commas for English', () => {
    const dialects = Object.fromEntries(SUPPORTED_LANGUAGES.map((l) => [l, csvDialect(l)]));
    expect(dialects).toEqual({
      en: { delimiter: ',', bom: false },
      ...Object.fromEntries(
        ['de', 'es', 'fr', 'nl', 'no', 'pt', 'pl', 'sv'].map((l) => [
          l,
          { delimiter: ';', bom: true },
        ]),
      ),
    });
  });
});

describe('toCsv', () => {
  it('English: commas, no BOM, CRLF after every record, figures with a decimal point', () => {
    expect(
      toCsv(
        'en',
        ['a', 'b', 'c'],
        [
          ['1', 'x,y', 99.95],
          ['2', '', 0],
        ],
      ),
    ).toBe('a,b,c\r\n1,"x,y",99.95\r\n2,,0\r\n');
  });

  it('German: BOM, semicolons, decimal comma unquoted, a semicolon in text quoted', () => {
    expect(toCsv('de', ['Name', 'Verfügbarkeit'], [['a;b', 99.95]])).toBe(
      `${BOM}Name;Verfügbarkeit\r\n"a;b";99,95\r\n`,
    );
  });

  it('is just the header row when there are no records', () => {
    expect(toCsv('en', ['Case number'], [])).toBe('Case number\r\n');
    expect(toCsv('sv', ['Ärende'], [])).toBe(`${BOM}Ärende\r\n`);
  });

  it('leaves plain text alone and quotes commas, semicolons, quotes and line breaks', () => {
    expect(cell('Slow report')).toBe('Slow report');
    expect(cell('EUR, NOK')).toBe('"EUR, NOK"');
    expect(cell('a;b')).toBe('"a;b"');
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(cell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('keeps a spreadsheet from reading a cell as a formula: apostrophe and quotes', () => {
    expect(cell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(cell('+1')).toBe(`"'+1"`);
    expect(cell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(cell('-2')).toBe(`"'-2"`);
    expect(cell('\tx')).toBe(`"'\tx"`);
    expect(cell('\r=1')).toBe(`"'\r'=1"`);
  });

  it('neutralises a formula wherever a semicolon-locale or tab reader starts a cell', () => {
    expect(cell("Printer broken;=cmd|' /C calc'!A0")).toBe(`"Printer broken;'=cmd|' /C calc'!A0"`);
    expect(cell('a\t@SUM(1)')).toBe(`"a\t'@SUM(1)"`);
    expect(cell('a; "+1"\n -2')).toBe(`"a; ""'+1""\n '-2"`);
    expect(cell('1+1=2, a-b @home')).toBe('"1+1=2, a-b @home"');
  });
});
