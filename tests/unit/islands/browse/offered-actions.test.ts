/**
 * The folder browser offers exactly what THE action table allows (src/shared/permissions), for every
 * permission bit mask: the API checks the same rows, so nothing offered is refused and nothing allowed
 * is hidden.
 */
import { describe, expect, it } from 'vitest';
import {
  canDrag,
  canPasteInto,
  canRemoveOriginal,
  itemActions,
  offersShareLinks,
  propertiesAccess,
  speedDialOffers,
} from '../../../../islands/browse/offered-actions.ts';
import { addAction, allows, Permission } from '../../../../src/shared/permissions/index.ts';

/** Every combination of the six permission bits (0 … 63), and an org admin's 32767. */
const ALL_BITS = Object.values(Permission).reduce((all, bit) => all | bit, 0);
const MASKS = [...Array.from({ length: ALL_BITS + 1 }, (_, mask) => mask), 32767];
const KINDS = ['folder', 'document'] as const;

describe('the item menu', () => {
  it.each(KINDS)('offers a %s the actions the table allows on it, for every mask', (kind) => {
    for (const mask of MASKS) {
      const offered = itemActions({ kind, user_permissions: mask });
      const readable = allows(mask, 'view');
      expect(offered.includes('open'), `open ${mask}`).toBe(readable);
      expect(offered.includes('properties'), `properties ${mask}`).toBe(readable);
      expect(offered.includes('qr-code'), `qr-code ${mask}`).toBe(readable);
      expect(offered.includes('history'), `history ${mask}`).toBe(readable && kind === 'document');
      expect(offered.includes('edit'), `edit ${mask}`).toBe(readable && kind === 'document' && allows(mask, 'edit'));
      expect(offered.includes('copy'), `copy ${mask}`).toBe(readable && allows(mask, 'copy'));
      expect(offered.includes('delete'), `delete ${mask}`).toBe(readable && allows(mask, 'delete'));
    }
  });

  it('offers Copy with Write, as the spec says (Read alone copies nothing)', () => {
    expect(itemActions({ kind: 'document', user_permissions: Permission.Read })).not.toContain('copy');
    expect(itemActions({ kind: 'document', user_permissions: Permission.Read | Permission.Write })).toContain('copy');
  });
});

describe('dragging, the speed dial, Paste and Properties', () => {
  it('follow the table for every mask', () => {
    for (const mask of MASKS) {
      for (const kind of KINDS) {
        expect(canDrag({ kind, user_permissions: mask }), `drag ${mask}`).toBe(allows(mask, 'drag'));
        expect(canPasteInto(mask, kind), `paste ${kind} into ${mask}`).toBe(allows(mask, addAction(kind)));
        const properties = propertiesAccess({ kind, user_permissions: mask });
        expect(properties.readOnly, `read-only ${mask}`).toBe(!allows(mask, 'edit'));
        expect(properties.permissionsTab, `permissions tab ${mask}`).toBe(allows(mask, 'edit') && allows(mask, 'editPermissions'));
      }
      expect(speedDialOffers(mask), `speed dial ${mask}`).toEqual({
        newDocument: allows(mask, 'createDocument'),
        newFolder: allows(mask, 'createFolder'),
      });
      expect(canRemoveOriginal(mask), `move ${mask}`).toBe(allows(mask, 'move'));
    }
  });

  it("shows the Share tab (#29) for a checklist only, to whom the table's 'share' allows (Edit Permissions), for every mask", () => {
    for (const mask of MASKS) {
      expect(offersShareLinks({ kind: 'document', doctype: 'form', user_permissions: mask }), `checklist ${mask}`).toBe(allows(mask, 'share'));
      for (const doctype of ['presentation', 'sheet', 'report'] as const) {
        expect(offersShareLinks({ kind: 'document', doctype, user_permissions: mask }), `${doctype} ${mask}`).toBe(false);
      }
      expect(offersShareLinks({ kind: 'folder', doctype: null, user_permissions: mask }), `folder ${mask}`).toBe(false);
    }
    expect(allows(Permission.Read | Permission.EditPermissions, 'share')).toBe(true);
    expect(allows(Permission.Read | Permission.Write, 'share')).toBe(false);
  });

  it("offers 'Remove Original Copy' only with Write and Delete on the item", () => {
    expect(canRemoveOriginal(Permission.Read | Permission.Write)).toBe(false);
    expect(canRemoveOriginal(Permission.Read | Permission.Delete)).toBe(false);
    expect(canRemoveOriginal(Permission.Read | Permission.Write | Permission.Delete)).toBe(true);
  });

  it('opens no speed dial and no paste without Write on the folder, whatever the Create flags', () => {
    const flags = Permission.Read | Permission.CreateDocuments | Permission.CreateFolders;
    expect(speedDialOffers(flags)).toEqual({ newDocument: false, newFolder: false });
    expect(canPasteInto(flags, 'document')).toBe(false);
    expect(speedDialOffers(flags | Permission.Write)).toEqual({ newDocument: true, newFolder: true });
  });
});
