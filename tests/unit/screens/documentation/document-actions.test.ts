/** A document page offers Edit (the View/Edit switch, the editor page) exactly when the action table allows `edit`. */
import { describe, expect, it } from 'vitest';
import { canEdit } from '../../../../src/screens/documentation/document-actions.ts';
import { allows, Permission } from '../../../../src/shared/permissions/index.ts';

describe('canEdit', () => {
  it('follows the table for every mask', () => {
    for (let mask = 0; mask < 64; mask++) expect(canEdit({ user_permissions: mask }), `mask ${mask}`).toBe(allows(mask, 'edit'));
    expect(canEdit({ user_permissions: 32767 })).toBe(true);
  });

  it('needs Write (Read alone views)', () => {
    expect(canEdit({ user_permissions: Permission.Read })).toBe(false);
    expect(canEdit({ user_permissions: Permission.Read | Permission.Write })).toBe(true);
  });
});
