import { describe, expect, it } from 'vitest';
import { labelIfAny, type Translate } from './use-t.js';

// Issue 36: label keys are typed from the web catalogue (packages/locales, label-keys.ts). The
// typecheck stage (tsc over src and test) fails if a line marked @ts-expect-error compiles.
describe('typed label keys', () => {
  const t: Translate = (key) => (key === 'news.detail.back' ? 'Back' : key);

  it('a key of the catalogue is taken, one that is not is a type error', () => {
    expect(t('news.detail.back')).toBe('Back');
    // @ts-expect-error: not a label of the catalogue
    expect(t('news.detail.bakc')).toBe('news.detail.bakc');
    // A plural label is asked for by its base, as by each form.
    expect(t('user-management.total')).toBe('user-management.total');
    expect(t('user-management.total_other')).toBe('user-management.total_other');
  });

  it('a key built from an id the server names goes through labelIfAny', () => {
    expect(labelIfAny(t, 'news.detail.back')).toBe('Back');
    expect(labelIfAny(t, 'user-management.role.no-such-role')).toBeUndefined();
  });
});
