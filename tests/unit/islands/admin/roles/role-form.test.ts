import { describe, expect, it } from 'vitest';
import { canSaveRole, ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX, roleBody } from '../../../../../islands/admin/roles/role-form.ts';
import { MAX_ROLE_DESCRIPTION_LENGTH, MAX_ROLE_NAME_LENGTH } from '../../../../../src/shared/api/roles.ts';

describe('role form', () => {
  it('offers Save only with a name that is more than spaces (accounts §5)', () => {
    expect(canSaveRole({ name: '' })).toBe(false);
    expect(canSaveRole({ name: '   ' })).toBe(false);
    expect(canSaveRole({ name: ' Auditors ' })).toBe(true);
  });

  it('trims the name and description it sends and keeps the flag', () => {
    expect(roleBody({ name: ' Auditors ', description: ' Check the books\n', list_filterable: true })).toEqual({
      name: 'Auditors',
      description: 'Check the books',
      list_filterable: true,
    });
  });

  it("keeps the server's length limits (src/shared/api/roles.ts)", () => {
    expect(ROLE_NAME_MAX).toBe(MAX_ROLE_NAME_LENGTH);
    expect(ROLE_DESCRIPTION_MAX).toBe(MAX_ROLE_DESCRIPTION_LENGTH);
  });
});
