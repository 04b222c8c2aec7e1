import type { LabelKey } from '../src/lib/labels/use-t.js';

/**
 * The key of a label a test registers for itself (defineLabels), outside the catalogue: a
 * component that takes a label key must show whatever label it is given.
 */
export const testLabelKey = (key: `test.${string}`): LabelKey => key as LabelKey;
