import { describe, expect, it } from 'vitest';
import { bitColumns, bitWords, createWords, memberReasons, reasonWords } from '../../../../../islands/browse/dialogs/who-can-access-words.ts';
import type { MemberPermissions, PermissionReason } from '../../../../../src/shared/api/effective-permissions.ts';
import { Permission } from '../../../../../src/shared/permissions/index.ts';

const reason = (changes: Partial<PermissionReason>): PermissionReason => ({
  bits: Permission.Write,
  is_grant: true,
  subject: 'r1',
  subject_type: 'role',
  subject_name: 'Cleaners',
  inherited: true,
  from_folder_id: 'f1',
  from_folder_name: 'Site A',
  ...changes,
});

const member = (changes: Partial<MemberPermissions>): MemberPermissions => ({
  user_id: 'u1',
  username: 'ann',
  full_name: 'Ann',
  is_org_admin: false,
  permissions: 0,
  reasons: [],
  ...changes,
});

describe('reasonWords: each reason the server gives, in words', () => {
  it.each([
    [reason({}), 'Write granted to role Cleaners on folder Site A, inherited'],
    [reason({ bits: Permission.Delete, is_grant: false, subject_type: 'user', subject: 'u1', subject_name: 'ann', inherited: false, from_folder_id: null, from_folder_name: '' }), 'Delete revoked for this user here'],
    [reason({ bits: Permission.Read, subject_type: 'org', subject_name: 'Acme' }), 'Read granted to organization Acme on folder Site A, inherited'],
    [reason({ bits: Permission.Read | Permission.Write | Permission.Delete, from_folder_id: null, from_folder_name: '' }), 'Read, Write and Delete granted to role Cleaners on a folder above, inherited'],
    [reason({ bits: Permission.Read | Permission.EditPermissions, subject_name: '' }), 'Read and Edit Permissions granted to role (deleted) on folder Site A, inherited'],
  ])('%#: %s', (given, words) => {
    expect(reasonWords(given, 'folder')).toBe(words);
  });

  it('leaves the Create bits out on a document, and a reason made of them only', () => {
    expect(bitWords(Permission.Read | Permission.CreateFolders, 'document')).toBe('Read');
    expect(bitWords(Permission.CreateFolders, 'folder')).toBe('Create Folders');
    const onlyCreate = member({ reasons: [reason({ bits: Permission.CreateDocuments }), reason({ bits: Permission.Read })] });
    expect(memberReasons(onlyCreate, 'document')).toEqual(['Read granted to role Cleaners on folder Site A, inherited']);
  });
});

describe('memberReasons', () => {
  it('says an org admin holds everything, and a member no entry names holds nothing', () => {
    expect(memberReasons(member({ is_org_admin: true, permissions: 32767 }), 'folder')).toEqual(['Organization admin: every permission on every item']);
    expect(memberReasons(member({}), 'folder')).toEqual(['No entry names this user, their roles or the organization: no permissions']);
  });
});

describe('bitColumns: Read, Write, Delete, Edit Permissions, and Create on folders', () => {
  it('names the columns and says Yes or No', () => {
    expect(bitColumns('folder').map((c) => c.header)).toEqual(['Read', 'Write', 'Delete', 'Edit Permissions', 'Create']);
    expect(bitColumns('document').map((c) => c.header)).toEqual(['Read', 'Write', 'Delete', 'Edit Permissions']);
    const [read, write] = bitColumns('folder');
    expect([read!.value(Permission.Read), write!.value(Permission.Read)]).toEqual(['Yes', 'No']);
  });

  it('says which Create bits a member holds', () => {
    expect(createWords(Permission.CreateDocuments | Permission.CreateFolders)).toBe('Documents, Folders');
    expect(createWords(Permission.CreateDocuments)).toBe('Documents');
    expect(createWords(Permission.CreateFolders)).toBe('Folders');
    expect(createWords(Permission.Read)).toBe('No');
  });
});
