import { describe, expect, it } from 'vitest';
import { readWizardState, wizardHref, wizardTarget } from './wizard-state.js';

const erp = { slug: 'erp', contentId: 'c-erp' };

describe('wizard URL state', () => {
  it('starts at step 1 with nothing chosen', () => {
    expect(readWizardState('')).toEqual({
      step: 1,
      product: '',
      release: '',
      what: '',
      query: '',
    });
  });

  it('reads every answer and the step from the query string', () => {
    expect(
      readWizardState('?step=4&product=p-erp&release=2026.1&what=documentation&query=ledger'),
    ).toEqual({
      step: 4,
      product: 'p-erp',
      release: '2026.1',
      what: 'documentation',
      query: 'ledger',
    });
  });

  it('falls back to the first unanswered step', () => {
    expect(readWizardState('?step=3').step).toBe(1);
    expect(readWizardState('?step=4&product=p-erp').step).toBe(3);
    expect(readWizardState('?step=4&product=p-erp&what=bogus').step).toBe(3);
    expect(readWizardState('?step=9&product=p-erp&what=news').step).toBe(4);
    expect(readWizardState('?step=x&product=p-erp').step).toBe(1);
  });

  it('writes the state back as the same address (round trip)', () => {
    const state = readWizardState('?step=3&product=p-erp&release=2025.2');
    expect(wizardHref(state)).toBe('/my-solutions?step=3&product=p-erp&release=2025.2');
    expect(readWizardState(wizardHref(state).split('?')[1] ?? '')).toEqual(state);
    expect(wizardHref({ ...state, step: 1, product: '', release: '' })).toBe('/my-solutions');
  });

  it('lands on the product tab with its filters', () => {
    const base = readWizardState('?step=4&product=p-erp&release=2026.1&query=%20ledger%20');
    expect(wizardTarget({ ...base, what: 'documentation' }, erp)).toBe(
      '/my-solutions/erp/c-erp/documentation?query=ledger&release=2026.1',
    );
    expect(wizardTarget({ ...base, what: 'downloads' }, erp)).toBe(
      '/my-solutions/erp/c-erp/software?query=ledger&release=2026.1',
    );
    expect(wizardTarget({ ...base, what: 'release-notes', query: '' }, erp)).toBe(
      '/my-solutions/erp/c-erp/release-notes?release=2026.1',
    );
    expect(wizardTarget({ ...base, what: 'news' }, erp)).toBe(
      '/my-solutions/erp/c-erp/news?query=ledger',
    );
    expect(wizardTarget({ ...base, what: '' }, erp)).toBeNull();
  });
});
