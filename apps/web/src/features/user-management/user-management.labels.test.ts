import { GRANTED_PERMISSIONS } from '@portico/contracts/user-management';
import { describe, expect, it } from 'vitest';
import { userManagementLabels } from './user-management.labels.js';

// The form shows a held permission by its label, or by its id where the catalogue has none
// (user-form-sections.tsx). Every permission the form can hold (GRANTED_PERMISSIONS) has an
// English default, so no user sees an id there.
describe('user management labels', () => {
  it('names every permission an administrator can give or keep', () => {
    const labels: Record<string, string> = userManagementLabels;
    const unnamed = GRANTED_PERMISSIONS.filter(
      (p) => !labels[`user-management.permission.${p}`]?.trim(),
    );
    expect(unnamed).toEqual([]);
  });
});
