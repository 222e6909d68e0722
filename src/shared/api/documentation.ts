/**
 * Request schemas and response shapes of the documentation-tree calls (documentation §3, §7): folders,
 * contents, documents and their versions, ACLs, trash, copy and move. The server validates every body
 * and query with these schemas; the browser's API client is typed by the same shapes.
 */
import { z } from 'zod';

import { MAX_ACL_ENTRIES, MAX_CHANGELOG_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, DOCTYPES, ROOT, type Doctype } from './documentation-limits.ts';

export * from './documentation-limits.ts';

// ─── Request pieces ───────────────────────────────────────────────────────────────────────────────

const id = z.uuid({ error: 'must be a valid id' });
/** An error message, or 'Field required' when the value is missing (as the API says it everywhere). */
const unlessMissing = (message: string) => (issue: { input?: unknown }) => (issue.input === undefined ? 'Field required' : message);
/** A folder id in a body: a UUID or `root`. */
export const folderRef = z.union([z.literal(ROOT), id], { error: 'must be a valid folder id or "root"' });

/** An unpaired UTF-16 surrogate: JSON can carry one (`"\ud800"`), PostgreSQL's jsonb cannot store it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);
const NOT_WELL_FORMED = 'must be valid Unicode text (no unpaired surrogates)';

export const itemName = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, 'name is required')
  .max(MAX_NAME_LENGTH, `name must be at most ${MAX_NAME_LENGTH} characters`)
  .refine(isWellFormed, `name ${NOT_WELL_FORMED}`);

export const itemDescription = z
  .string({ error: 'description must be a string' })
  .max(MAX_DESCRIPTION_LENGTH, `description must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
  .refine(isWellFormed, `description ${NOT_WELL_FORMED}`);

/** The version a PUT edited (optimistic concurrency). */
export const editedVersion = z.int({ error: 'version must be a whole number' }).min(1, 'version must be at least 1');

export const doctype = z.enum(DOCTYPES, { error: unlessMissing('doctype must be one of presentation, form, sheet, report') });

// ─── Contents per doctype (documentation §3). Pages and questions are objects here; their fields are
// checked by the issues that bring the editors. ────────────────────────────────────────────────────

const entryRecord = (what: string) =>
  z.record(z.string().min(1), z.looseObject({}, { error: `each of ${what} must be an object` }), {
    error: unlessMissing(`${what} must map ids to objects`),
  });

const idIndex = (what: string) =>
  z
    .array(z.string({ error: `${what} ids must be strings` }).min(1, `${what} ids must not be empty`), {
      error: unlessMissing(`${what} must be a list of ids`),
    })
    .refine((ids) => new Set(ids).size === ids.length, `${what} must not repeat an id`);

/** Every id of `indexKey` must name an entry of `recordKey`. */
function indexRefersTo<T extends Record<string, unknown>>(recordKey: keyof T & string, indexKey: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const entries = value[recordKey] as Record<string, unknown>;
    (value[indexKey] as string[]).forEach((entryId, i) => {
      if (!Object.hasOwn(entries, entryId)) {
        ctx.addIssue({ code: 'custom', path: [indexKey, i], message: `${entryId} is not one of ${recordKey}` });
      }
    });
  };
}

/** How deep contents may nest: far beyond any page or question, far below what serialising can take. */
export const MAX_CONTENTS_DEPTH = 64;

/**
 * What stops a JSON value from being stored as jsonb, if anything: nesting deeper than `limit`, or a
 * key or string with an unpaired surrogate. Iterative: JSON.parse accepts nesting deeper than the call stack.
 */
export function unstorableJson(value: unknown, limit: number): string | undefined {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item === 'string') {
      if (!isWellFormed(item)) return NOT_WELL_FORMED;
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (depth >= limit) return `must not nest deeper than ${limit} levels`;
    for (const [key, child] of Object.entries(item)) {
      if (!isWellFormed(key)) return NOT_WELL_FORMED;
      pending.push([child, depth + 1]);
    }
  }
  return undefined;
}

function storable(value: unknown, ctx: z.RefinementCtx): void {
  const problem = unstorableJson(value, MAX_CONTENTS_DEPTH);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
}

export const presentationContents = z
  .strictObject({ pages: entryRecord('pages'), page_index: idIndex('page_index') })
  .superRefine(indexRefersTo('pages', 'page_index'))
  .superRefine(storable);

export const formContents = z
  .strictObject({
    sheet_id: id.nullable().optional(),
    questions: entryRecord('questions'),
    question_index: idIndex('question_index'),
  })
  .superRefine(indexRefersTo('questions', 'question_index'))
  .superRefine(storable);

/** Sheets and reports share one shape: questions plus the form-link tree. */
export const sheetContents = z
  .strictObject({
    questions: entryRecord('questions'),
    question_index: idIndex('question_index'),
    form_links: z.record(z.string().min(1), z.string({ error: 'a form link must be a question id or null' }).nullable(), {
      error: unlessMissing('form_links must map question ids to parent question ids'),
    }),
    form_ids: z.array(id, { error: unlessMissing('form_ids must be a list of document ids') }),
  })
  .superRefine(indexRefersTo('questions', 'question_index'))
  .superRefine(storable);

export const contentsSchemas = {
  presentation: presentationContents,
  form: formContents,
  sheet: sheetContents,
  report: sheetContents,
} as const satisfies Record<Doctype, z.ZodType>;

export type PresentationContents = z.output<typeof presentationContents>;
export type FormContents = z.output<typeof formContents>;
export type SheetContents = z.output<typeof sheetContents>;
export type DocumentContents = PresentationContents | FormContents | SheetContents;

/** The contents of a new document when none are given. */
export function emptyContents(kind: Doctype): DocumentContents {
  switch (kind) {
    case 'presentation':
      return { pages: {}, page_index: [] };
    case 'form':
      return { questions: {}, question_index: [] };
    case 'sheet':
    case 'report':
      return { questions: {}, question_index: [], form_links: {}, form_ids: [] };
  }
}

// ─── Bodies ───────────────────────────────────────────────────────────────────────────────────────

export const createFolderBody = z.object({
  parent_id: folderRef,
  name: itemName,
  description: itemDescription.default(''),
});
export type CreateFolderBody = z.input<typeof createFolderBody>;

export const updateFolderBody = z.object({
  name: itemName.optional(),
  description: itemDescription.optional(),
  version: editedVersion,
});
export type UpdateFolderBody = z.input<typeof updateFolderBody>;

/** POST documentation/documents: contents default to the doctype's empty contents and are checked against it. */
export const createDocumentBody = z
  .object({
    folder_id: folderRef,
    name: itemName,
    doctype,
    description: itemDescription.default(''),
    contents: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    if (body.contents === undefined) return { ...body, contents: emptyContents(body.doctype) as DocumentContents };
    const parsed = contentsSchemas[body.doctype].safeParse(body.contents);
    if (parsed.success) return { ...body, contents: parsed.data as DocumentContents };
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['contents', ...issue.path] });
    }
    return z.NEVER;
  });
export type CreateDocumentBody = z.input<typeof createDocumentBody>;

/**
 * PUT documentation/documents/{id}, one body for four edits, told apart by what it carries:
 * - `contents` → publish: a new immutable version (name, description, changelog as given); the draft is cleared;
 * - `draft_contents` an object → save the draft (no new version; draft_user_id becomes the caller);
 * - `draft_contents: null` → discard the draft;
 * - none of them, but `name` or `description` → new properties, published as a new version of the latest contents.
 * Contents are checked against the document's doctype by the server (it knows the doctype). Other fields
 * of the document (id, path, user_permissions, …) may be sent back and are ignored.
 */
export const updateDocumentBody = z.object({
  version: editedVersion,
  name: itemName.optional(),
  description: itemDescription.optional(),
  doctype: doctype.optional(),
  contents: z.unknown().optional(),
  changelog: z
    .string({ error: 'changelog must be a string' })
    .max(MAX_CHANGELOG_LENGTH, `changelog must be at most ${MAX_CHANGELOG_LENGTH} characters`)
    .refine(isWellFormed, `changelog ${NOT_WELL_FORMED}`)
    .optional(),
  draft_contents: z.unknown().optional(),
  draft_user_id: id.nullable().optional(),
});
export type UpdateDocumentBody = z.input<typeof updateDocumentBody>;

/** POST documentation/folders/{dest}/move and /copy: exactly one of document_id, folder_id. */
export const moveOrCopyBody = z
  .object({ document_id: id.optional(), folder_id: id.optional() })
  .refine((b) => (b.document_id === undefined) !== (b.folder_id === undefined), {
    message: 'give exactly one of document_id and folder_id',
  });
export type MoveOrCopyBody = z.input<typeof moveOrCopyBody>;

export const aclEntryInput = z.object({
  subject: id,
  is_grant: z.boolean({ error: 'is_grant must be true or false' }),
  /** Bits beyond the six permissions are refused with 400 by the server. */
  permissions: z.int({ error: 'permissions must be a whole number' }).min(0, 'permissions must not be negative'),
});
export type AclEntryInput = z.input<typeof aclEntryInput>;

/** PUT …/acl: the body IS the list of entries; it replaces the item's own entries. */
export const replaceAclBody = z
  .array(aclEntryInput, { error: 'the body must be a list of {subject, is_grant, permissions}' })
  .max(MAX_ACL_ENTRIES, `at most ${MAX_ACL_ENTRIES} entries`);

// ─── Queries ──────────────────────────────────────────────────────────────────────────────────────

/** A query parameter given once or repeated: the last value counts. */
const lastOf = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), schema);

const skipParam = lastOf(z.coerce.number({ error: 'skip must be a number' }).int('skip must be a whole number').min(0, 'skip must not be negative')).default(0);
const limitParam = lastOf(
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`),
).default(DEFAULT_PAGE_SIZE);

export const ORDERING_FIELDS = ['kind', 'name', 'created_at', 'modified_at'] as const;
export type OrderingField = (typeof ORDERING_FIELDS)[number];
export interface OrderingKey {
  field: OrderingField;
  descending: boolean;
}
/** Kind first (folders before documents), then name. */
export const DEFAULT_ORDERING: readonly OrderingKey[] = [
  { field: 'kind', descending: false },
  { field: 'name', descending: false },
];

/** `ordering` repeated or comma-separated: `kind`, `-name`, … */
const orderingParam = z
  .preprocess(
    (v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).map((s) => s.trim()).filter(Boolean)),
    z.array(
      z.string().refine((s) => (ORDERING_FIELDS as readonly string[]).includes(s.replace(/^[-+]/, '')), {
        message: `ordering fields are ${ORDERING_FIELDS.join(', ')}, each with an optional - for descending`,
      }),
    ),
  )
  .transform((keys): OrderingKey[] => {
    const seen = new Set<string>();
    const parsed: OrderingKey[] = [];
    for (const key of keys) {
      const field = key.replace(/^[-+]/, '') as OrderingField;
      if (seen.has(field)) continue;
      seen.add(field);
      parsed.push({ field, descending: key.startsWith('-') });
    }
    return parsed.length > 0 ? parsed : [...DEFAULT_ORDERING];
  });

export const contentsQuery = z.object({ ordering: orderingParam, skip: skipParam, limit: limitParam });
export type ContentsQuery = z.output<typeof contentsQuery>;

export const pageQuery = z.object({ skip: skipParam, limit: limitParam });
export type PageQuery = z.output<typeof pageQuery>;

// ─── Responses ────────────────────────────────────────────────────────────────────────────────────

export type ItemKind = 'folder' | 'document';
export type AclSubjectType = 'org' | 'role' | 'user';

export interface List<T> {
  results: T[];
  total: number;
}

export interface FolderAncestor {
  id: string;
  name: string;
  description: string;
  user_permissions: number;
}

/** GET documentation/folders/{id}; `ancestors` root first, only those the caller may Read. */
export interface Folder {
  id: string;
  /** Null for the root folder. */
  parent_id: string | null;
  name: string;
  description: string;
  user_permissions: number;
  ancestors: FolderAncestor[];
  created_by_username: string | null;
  created: string;
  modified_by_username: string | null;
  modified: string;
  version: number;
}

export interface SubscriptionOptions {
  validation_errors_only: boolean;
  email_notifications: boolean;
}

/** One entry of a folder's contents. */
export interface ListedItem {
  id: string;
  name: string;
  description: string;
  kind: ItemKind;
  /** Null for folders. */
  doctype: Doctype | null;
  version: number;
  created_at: string;
  modified_at: string;
  created_by_username: string | null;
  modified_by_username: string | null;
  subscription_options: SubscriptionOptions;
  user_permissions: number;
}

/** An item in the trash, with the folder it was deleted from. */
export interface TrashedItem extends ListedItem {
  /** The folder the item was in (for a folder: its parent). */
  folder_id: string | null;
  folder_name: string | null;
  deleted_at: string;
  deleted_by_username: string | null;
}

export interface PathStep {
  id: string;
  name: string;
}

/** GET documentation/documents/{id} and …/version/{n}. */
export interface Document {
  id: string;
  /** The same as id. */
  document_id: string;
  folder_id: string;
  name: string;
  description: string;
  doctype: Doctype;
  kind: 'document';
  /** The version shown. */
  version: number;
  /** The newest published version. */
  latest_version: number;
  /** The folders above the document, root first (only those the caller may Read). */
  path: PathStep[];
  contents: DocumentContents;
  /** Only on the latest version; null on older ones. */
  draft_contents: DocumentContents | null;
  draft_user_id: string | null;
  user_permissions: number;
  /** When the shown version was published, by whom, and its change log. */
  created_at: string;
  created_by_username: string | null;
  changelog: string;
  modified_at: string;
}

export interface HistoryEntry {
  version: number;
  created_at: string;
  created_by_username: string | null;
  changelog: string;
  document_id: string;
}

export interface AclEntry {
  id: string;
  subject: string;
  subject_type: AclSubjectType;
  /** The organisation's or role's name, or the user's username; '' for a subject that no longer exists. */
  subject_name: string;
  is_grant: boolean;
  permissions: number;
}

export interface InheritedAclEntry extends AclEntry {
  from_folder_id: string;
  /** '' when the caller may not Read that folder. */
  from_folder_name: string;
}

/** GET/PUT …/acl: the item's own entries, and those of the folders above it (nearest first). */
export interface Acl {
  entries: AclEntry[];
  inherited: InheritedAclEntry[];
}

/** GET auth/acl-subjects: the organisation, its roles and its users. */
export interface AclSubject {
  id: string;
  name: string;
  type: AclSubjectType;
}
