/**
 * Field errors in the product's words (issue 9): a 422 for a value a person typed on a screen reads as a
 * sentence that names the field as the screen labels it ('Name is required'), never the raw
 * `name: name is required`; the `errors` list keeps the field's path for programs. Remarks only a program
 * can provoke (a missing field, a wrong type, a bad id) keep the path in front of them.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CHANGELOG_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from '../../src/shared/api/documentation.ts';
import { makeDocument, makeFolder, newRegistration, orgWithAdmin, registerAndActivate, shared, type TestUser } from './support/factories.ts';
import { useTestServer } from './support/harness.ts';
import type { ApiResponse } from './support/http.ts';

const server = useTestServer();
const team = shared(() => orgWithAdmin(server));
const long = (n: number) => 'x'.repeat(n);

type Call = (admin: TestUser) => Promise<ApiResponse>;

const cases: [string, Call, string][] = [
  ['New Folder: an empty name', (a) => a.api.post('documentation/folders', { parent_id: 'root', name: '', description: '' }), 'Name is required'],
  ['New Folder: a blank name', (a) => a.api.post('documentation/folders', { parent_id: 'root', name: '   ' }), 'Name is required'],
  [
    'New Folder: a long name',
    (a) => a.api.post('documentation/folders', { parent_id: 'root', name: long(MAX_NAME_LENGTH + 1) }),
    `Name must be at most ${MAX_NAME_LENGTH} characters`,
  ],
  [
    'New Folder: a long description',
    (a) => a.api.post('documentation/folders', { parent_id: 'root', name: 'Ok', description: long(MAX_DESCRIPTION_LENGTH + 1) }),
    `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`,
  ],
  [
    'New Folder: two problems at once',
    (a) => a.api.post('documentation/folders', { parent_id: 'root', name: '', description: long(MAX_DESCRIPTION_LENGTH + 1) }),
    `Name is required; Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`,
  ],
  ['New document: an empty name', (a) => a.api.post('documentation/documents', { folder_id: 'root', name: '', doctype: 'form' }), 'Name is required'],
  [
    'Properties: renaming a folder to nothing',
    async (a) => {
      const folder = await makeFolder(a);
      return a.api.put(`documentation/folders/${folder.id}`, { name: ' ', version: folder.version });
    },
    'Name is required',
  ],
  [
    'Publish: a long change log',
    async (a) => {
      const doc = await makeDocument(a);
      return a.api.put(`documentation/documents/${doc.id}`, { version: doc.version, name: 'Renamed', changelog: long(MAX_CHANGELOG_LENGTH + 1) });
    },
    `Change log must be at most ${MAX_CHANGELOG_LENGTH} characters`,
  ],
  ['New role: an empty name', (a) => a.api.post('roles', { name: '' }), 'Name is required'],
  ['New role: a long name', (a) => a.api.post('roles', { name: long(151) }), 'Name must be at most 150 characters'],
  ['New role: a long description', (a) => a.api.post('roles', { name: 'Ok', description: long(2001) }), 'Description must be at most 2000 characters'],
  ['Create organization: a blank name', (a) => a.api.post('auth/create-org', { name: '  ' }), 'Organization Name is required'],
  ['Create organization: a long name', (a) => a.api.post('auth/create-org', { name: long(201) }), 'Organization Name must be at most 200 characters'],
  ['Account settings: a blank full name', (a) => a.api.put('auth/me', { full_name: ' ' }), 'Full Name is required'],
  ['Account settings: a username with spaces', (a) => a.api.put('auth/me', { username: 'two words' }), 'Username may contain only letters, digits and . @ + - _'],
  ['Account settings: a bad e-mail', (a) => a.api.put('auth/me', { email: 'someone@' }), 'Invalid Email'],
  ['Invite: a bad e-mail', (a) => a.api.post('users', { email: 'nobody' }), 'Invalid Email'],
  [
    'Upload: a file too big',
    async (a) => {
      const doc = await makeDocument(a);
      return a.api.post(`documentation/documents/${doc.id}/sign-content-upload`, [{ filename: 'a.png', file_size: 26 * 1024 * 1024, content_type: 'image/png' }]);
    },
    'A file may be at most 25 MB',
  ],
  [
    'Upload: a type that cannot be uploaded',
    async (a) => {
      const doc = await makeDocument(a);
      return a.api.post(`documentation/documents/${doc.id}/sign-content-upload`, [{ filename: 'a.svg', file_size: 10, content_type: 'image/svg+xml' }]);
    },
    'Only pictures (JPEG, PNG, WebP, GIF), PDF documents and MP4 videos can be uploaded',
  ],
];

describe('a value a person typed', () => {
  it.each(cases)('%s: the detail is the sentence the screen shows', async (_, call, detail) => {
    const { admin } = await team();
    const res = await call(admin);
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it('keeps the field of each problem in `errors` for programs', async () => {
    const { admin } = await team();
    const res = await admin.api.post('documentation/folders', { parent_id: 'root', name: '', description: long(MAX_DESCRIPTION_LENGTH + 1) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'description', message: `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters` },
    ]);
  });

  it.each([
    ['a blank full name', { full_name: '  ' }, 'Full Name is required'],
    ['a long full name', { full_name: long(201) }, 'Full Name must be at most 200 characters'],
    ['a blank username', { username: ' ' }, 'Username is required'],
    ['a short password', { password: 'seven77' }, 'Password must be at least 8 characters long'],
    ['an e-mail without a domain', { email: 'someone@' }, 'Invalid Email'],
  ])('Registration: %s reads as the product says it', async (_, change, detail) => {
    const res = await server.client().post('auth/register', { ...newRegistration(), ...change });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(detail);
  });

  it('Sign-in: an empty username or password reads as a sentence', async () => {
    expect((await server.client().postForm('auth/access-token', { username: '', password: 'x' })).body.detail).toBe('Username is required');
    expect((await server.client().postForm('auth/access-token', { username: 'someone', password: '' })).body.detail).toBe('Password is required');
  });
});

describe('a remark only a program can provoke', () => {
  it('keeps the path of the field in front of it', async () => {
    const user = await registerAndActivate(server);
    expect((await user.api.post('auth/create-org', {})).body.detail).toBe('name: Field required');
    const { admin } = await team();
    const res = await admin.api.post('documentation/folders', { parent_id: 'nowhere', name: 'Ok' });
    expect(res.body.detail).toBe('parent_id: must be a valid id');
  });
});
