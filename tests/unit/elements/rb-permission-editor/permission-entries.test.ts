import { describe, expect, it } from 'vitest';
import {
  groupSubjects,
  kindMask,
  maskOf,
  newEntry,
  normalizeEntries,
  permissionChoices,
  permissionNames,
  removeEntry,
  subjectLabel,
  updateEntry,
  withBit,
  type PermissionEntry,
} from '../../../../elements/rb-permission-editor/permission-entries.ts';
import type { AclEntry, AclSubject } from '../../../../src/shared/api/documentation.ts';

const subjects: AclSubject[] = [
  { id: 'u1', name: 'alice', type: 'user' },
  { id: 'r1', name: 'Managers', type: 'role' },
  { id: 'o1', name: 'Acme Ltd', type: 'org' },
  { id: 'r2', name: 'Inspectors', type: 'role' },
];

describe('permissionChoices', () => {
  it('offers a folder all six permissions, by the spec names and bits', () => {
    expect(permissionChoices('folder')).toEqual([
      { name: 'Read', bit: 1 },
      { name: 'Write', bit: 2 },
      { name: 'Delete', bit: 4 },
      { name: 'Edit Permissions', bit: 8 },
      { name: 'Create Documents', bit: 16 },
      { name: 'Create Folders', bit: 32 },
    ]);
  });

  it('offers a document no Create Documents or Create Folders', () => {
    expect(permissionChoices('document').map((c) => c.name)).toEqual(['Read', 'Write', 'Delete', 'Edit Permissions']);
  });

  it('masks: 63 for folders, 15 for documents', () => {
    expect(kindMask('folder')).toBe(63);
    expect(kindMask('document')).toBe(15);
  });
});

describe('bitmask ⇄ names', () => {
  it('names the bits of a mask in the spec order, leaving out what the kind does not offer', () => {
    expect(permissionNames(1 | 8 | 32, 'folder')).toEqual(['Read', 'Edit Permissions', 'Create Folders']);
    expect(permissionNames(1 | 8 | 32, 'document')).toEqual(['Read', 'Edit Permissions']);
    expect(permissionNames(0, 'folder')).toEqual([]);
  });

  it('round-trips every folder mask through names', () => {
    for (let mask = 0; mask <= 63; mask++) expect(maskOf(permissionNames(mask, 'folder'), 'folder')).toBe(mask);
  });

  it('ignores unknown names and folder-only names on documents', () => {
    expect(maskOf(['Read', 'Fly', 'Create Folders'], 'document')).toBe(1);
  });

  it('sets and clears one bit', () => {
    expect(withBit(0, 2, true)).toBe(2);
    expect(withBit(3, 2, true)).toBe(3);
    expect(withBit(7, 2, false)).toBe(5);
    expect(withBit(5, 2, false)).toBe(5);
  });
});

describe('normalizeEntries', () => {
  it('keeps only subject, is_grant and permissions, and only the bits the kind offers', () => {
    const loaded: AclEntry[] = [
      { id: 'e1', subject: 'r1', subject_type: 'role', subject_name: 'Managers', is_grant: false, permissions: 63 },
    ];
    expect(normalizeEntries(loaded, 'document')).toEqual([{ subject: 'r1', is_grant: false, permissions: 15 }]);
    expect(normalizeEntries(loaded, 'folder')).toEqual([{ subject: 'r1', is_grant: false, permissions: 63 }]);
  });
});

describe('entry edits', () => {
  const entries: PermissionEntry[] = [
    { subject: 'o1', is_grant: true, permissions: 1 },
    { subject: 'r1', is_grant: false, permissions: 2 },
  ];

  it('a new entry names the first subject not yet used, granting nothing', () => {
    expect(newEntry(entries, subjects)).toEqual({ subject: 'u1', is_grant: true, permissions: 0 });
    expect(newEntry([], [])).toEqual({ subject: '', is_grant: true, permissions: 0 });
    const all = subjects.map((s) => ({ subject: s.id, is_grant: true, permissions: 0 }));
    expect(newEntry(all, subjects).subject).toBe('u1');
  });

  it('updates and removes one entry without touching the list it was given', () => {
    const updated = updateEntry(entries, 1, { is_grant: true, permissions: 3 });
    expect(updated[1]).toEqual({ subject: 'r1', is_grant: true, permissions: 3 });
    expect(updated[0]).toBe(entries[0]);
    expect(entries[1]).toEqual({ subject: 'r1', is_grant: false, permissions: 2 });
    expect(removeEntry(entries, 0)).toEqual([entries[1]]);
    expect(entries).toHaveLength(2);
  });
});

describe('groupSubjects', () => {
  it('groups Organization, Roles, Users in that order, keeping the order within a group and leaving out empty groups', () => {
    expect(groupSubjects(subjects).map((g) => [g.label, g.subjects.map((s) => s.name)])).toEqual([
      ['Organization', ['Acme Ltd']],
      ['Roles', ['Managers', 'Inspectors']],
      ['Users', ['alice']],
    ]);
    expect(groupSubjects(subjects.filter((s) => s.type === 'user')).map((g) => g.label)).toEqual(['Users']);
  });
});

describe('subjectLabel', () => {
  it('names a subject by the list, then by the fallback', () => {
    expect(subjectLabel('r1', subjects)).toBe('Managers');
    expect(subjectLabel('gone', subjects, 'Old role')).toBe('Old role');
    expect(subjectLabel('gone', subjects)).toBe('unknown subject');
    expect(subjectLabel('', subjects)).toBe('no subject');
  });
});
