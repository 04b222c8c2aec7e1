import { describe, expect, it } from 'vitest';
import { interpolate } from './i18n.js';

describe('interpolate', () => {
  it('puts the values in their places and leaves a placeholder without one', () => {
    expect(interpolate('Hello, {{name}}! {{other}}', { name: 'Anna' })).toBe(
      'Hello, Anna! {{other}}',
    );
  });

  it('keeps one full stop when a value ending in one closes the sentence (issue 37)', () => {
    expect(
      interpolate('Invoices of {{account}}. Amounts include VAT.', {
        account: 'Portico Software B.V.',
      }),
    ).toBe('Invoices of Portico Software B.V. Amounts include VAT.');
    expect(interpolate('Invoices of {{account}}.', { account: 'Northwind AS' })).toBe(
      'Invoices of Northwind AS.',
    );
    expect(interpolate('{{a}} and {{b}}', { a: 'B.V.', b: 'x' })).toBe('B.V. and x');
  });
});
