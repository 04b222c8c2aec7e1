import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv.js';

describe('csvField (RFC 4180, safe in every spreadsheet locale)', () => {
  it('leaves plain text alone', () => {
    expect(csvField('Slow report')).toBe('Slow report');
    expect(csvField('')).toBe('');
  });

  it('quotes fields with commas, quotes or line breaks and doubles the quotes', () => {
    expect(csvField('EUR, NOK')).toBe('"EUR, NOK"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('keeps a spreadsheet from reading a cell as a formula: apostrophe and quotes', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe(`"'+1"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('-2')).toBe(`"'-2"`);
    expect(csvField('\tx')).toBe(`"'\tx"`);
    expect(csvField('\r=1')).toBe(`"'\r'=1"`);
  });

  it('neutralises a formula wherever a semicolon-locale or tab reader starts a cell, and quotes', () => {
    // Excel in a semicolon locale would otherwise start a second cell with the formula.
    expect(csvField("Printer broken;=cmd|' /C calc'!A0")).toBe(
      `"Printer broken;'=cmd|' /C calc'!A0"`,
    );
    expect(csvField('a\t@SUM(1)')).toBe(`"a\t'@SUM(1)"`);
    expect(csvField('a; "+1"\n -2')).toBe(`"a; ""'+1""\n '-2"`);
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('1+1=2, a-b @home')).toBe('"1+1=2, a-b @home"');
  });
});

describe('toCsv', () => {
  it('writes the header and each record, every line ended by CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 'x,y'],
          ['2', ''],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n2,\r\n');
  });

  it('is just the header row when there are no records', () => {
    expect(toCsv(['Case number'], [])).toBe('Case number\r\n');
  });
});
