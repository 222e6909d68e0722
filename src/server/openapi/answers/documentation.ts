/**
 * The documentation tree's answers (shared/api/documentation.ts, presenters/documentation.ts) as zod, for the
 * OpenAPI document (issue #34): folders, listed and trashed items, documents and their versions, history, ACLs.
 * Server only: the browser keeps the zod-free types.
 */
import { z } from 'zod';
import { DOCTYPES, ROOT } from '../../../shared/api/documentation.ts';
import { formContents } from '../../../shared/checklists/schemas.ts';
import { presentationContents } from '../../../shared/presentations/schemas.ts';
import { sheetContents } from '../../../shared/sheets/schemas.ts';
import '../names.ts';
import { dateTime } from './list.ts';

export const id = z.uuid();
/** An ISO 8601 date-time (what `Date.toISOString()` writes). */
export const time = dateTime;
/** A folder's id, or `root`: the word for the nearest folder when the caller may Read none above. */
export const folderIdOrRoot = z.union([z.literal(ROOT), id]);
export const doctype = z.enum(DOCTYPES);
export const itemKind = z.enum(['folder', 'document']);
export const subjectType = z.enum(['org', 'role', 'user']);
/** The caller's permission bits on an item (shared/permissions/bits.ts). */
export const permissionBits = z.int().min(0).meta({ description: 'Permission bits: Read 1, Write 2, Delete 4, Edit Permissions 8, Create Documents 16, Create Folders 32' });
export const username = z.string().nullable().meta({ description: 'Null when the account is gone' });


export const subscriptionOptions = z.object({ validation_errors_only: z.boolean(), email_notifications: z.boolean() }).meta({ id: 'SubscriptionOptions' });

export const listedItemAnswer = z.object({
  id,
  name: z.string(),
  description: z.string(),
  kind: itemKind,
  doctype: doctype.nullable().meta({ description: 'Null for folders' }),
  version: z.int().min(1),
  created_at: time,
  modified_at: time,
  created_by_username: username,
  modified_by_username: username,
  subscription_options: subscriptionOptions,
  user_permissions: permissionBits,
}).meta({ id: 'Item' });

export const trashedItemAnswer = listedItemAnswer.extend({
  folder_id: id.nullable(),
  folder_name: z.string().nullable(),
  deleted_at: time,
  deleted_by_username: username,
}).meta({ id: 'TrashedItem' });

export const folderAnswer = z.object({
  id,
  parent_id: folderIdOrRoot.nullable().meta({ description: 'Null for the root; else the nearest folder above the caller may Read, or `root`' }),
  root_id: id.nullable(),
  name: z.string(),
  description: z.string(),
  user_permissions: permissionBits,
  ancestors: z.array(z.object({ id, name: z.string(), description: z.string(), user_permissions: permissionBits })),
  created_by_username: username,
  created: time,
  modified_by_username: username,
  modified: time,
  version: z.int().min(1),
}).meta({ id: 'Folder' });

export const pathStep = z.object({ id, name: z.string() }).meta({ id: 'PathStep' });

/** What every document answer carries, whatever its doctype. */
const documentFields = {
  id,
  document_id: id,
  folder_id: folderIdOrRoot,
  root_id: id.nullable(),
  name: z.string(),
  description: z.string(),
  kind: z.literal('document'),
  version: z.int().min(1),
  latest_version: z.int().min(1),
  path: z.array(pathStep),
  draft_user_id: id.nullable(),
  user_permissions: permissionBits,
  created_at: time,
  created_by_username: username,
  changelog: z.string(),
  modified_at: time,
};

/** A document of one doctype: its `contents` (and draft) are the doctype's model, the very schema the server checks them with. */
const documentOf = (doctypes: [string, ...string[]], contents: z.ZodType, name: string) =>
  z
    .object({ ...documentFields, doctype: z.enum(doctypes), contents, draft_contents: contents.nullable() })
    .meta({ id: name, description: `A document of doctype ${doctypes.map((d) => `\`${d}\``).join(' or ')}` });

export const checklistDocument = documentOf(['form'], formContents, 'ChecklistDocument');
export const presentationDocument = documentOf(['presentation'], presentationContents, 'PresentationDocument');
export const sheetDocument = documentOf(['sheet', 'report'], sheetContents, 'SheetDocument');

/** A document as its reader gets it, its contents told apart by `doctype`. */
export const documentAnswer = z.discriminatedUnion('doctype', [checklistDocument, presentationDocument, sheetDocument]).meta({
  id: 'Document',
  discriminator: {
    propertyName: 'doctype',
    mapping: {
      form: '#/components/schemas/ChecklistDocument',
      presentation: '#/components/schemas/PresentationDocument',
      sheet: '#/components/schemas/SheetDocument',
      report: '#/components/schemas/SheetDocument',
    },
  },
});

export const historyEntryAnswer = z.object({
  version: z.int().min(1),
  created_at: time,
  created_by_username: username,
  changelog: z.string(),
  document_id: id,
}).meta({ id: 'Version' });

export const aclEntryAnswer = z.object({
  id,
  subject: id,
  subject_type: subjectType,
  subject_name: z.string(),
  is_grant: z.boolean(),
  permissions: permissionBits,
}).meta({ id: 'AclEntry' });

export const aclAnswer = z.object({
  entries: z.array(aclEntryAnswer),
  inherited: z.array(aclEntryAnswer.extend({ from_folder_id: id.nullable(), from_folder_name: z.string() })),
}).meta({ id: 'Acl' });

/** The `{kind}` of the addresses that serve folders and documents alike (a path parameter, not an answer). */
export const kindParams = z.object({ kind: z.enum(['folders', 'documents']).meta({ description: 'The item’s kind' }) });
