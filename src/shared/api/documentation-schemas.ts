/**
 * The zod schemas of the documentation-tree calls (documentation §3, §7): request bodies, queries and
 * each doctype's contents. The server validates every body and query with them; the browser never
 * imports this module (lint keeps it so) and takes the types and limits from `./documentation.ts`.
 */
import { z } from 'zod';
import { formContents, formDraftContents } from '../checklists/schemas.ts';
import { presentationContents } from '../presentations/schemas.ts';
import { sheetContents, sheetDraftContents } from '../sheets/schemas.ts';
import {
  MAX_UPLOAD_BYTES,
  MAX_UPLOADS_PER_REQUEST,
  UPLOAD_CONTENT_TYPES,
} from '../constants.ts';
import { sentence } from './field-errors.ts';
import { submissionFilters } from './analytics-schemas.ts';
import { epochSecondsParam, lastOf, limitParam, orderingParam, resultsPaging, skipParam } from './query-params.ts';
import { isWellFormed, NOT_WELL_FORMED, unlessMissing } from './contents.ts';
import {
  DEFAULT_ORDERING,
  DEFAULT_PAGE_SIZE,
  DOCTYPES,
  emptyContents,
  MAX_ACL_ENTRIES,
  MAX_CHANGELOG_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PAGE_SIZE,
  ORDERING_FIELDS,
  ROOT,
  type Doctype,
} from './doctypes-and-limits.ts';

// ─── Request pieces ───────────────────────────────────────────────────────────────────────────────

const id = z.uuid({ error: 'must be a valid id' });
/** A folder id in a body: a UUID or `root`. */
export const folderRef = z.union([z.literal(ROOT), id], { error: 'must be a valid folder id or "root"' });

export const itemName = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, sentence('Name is required'))
  .max(MAX_NAME_LENGTH, sentence(`Name must be at most ${MAX_NAME_LENGTH} characters`))
  .refine(isWellFormed, `name ${NOT_WELL_FORMED}`);

export const itemDescription = z
  .string({ error: 'description must be a string' })
  .max(MAX_DESCRIPTION_LENGTH, sentence(`Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`))
  .refine(isWellFormed, `description ${NOT_WELL_FORMED}`);

/** The version a PUT edited (optimistic concurrency). */
export const editedVersion = z.int({ error: 'version must be a whole number' }).min(1, 'version must be at least 1');

export const doctype = z.enum(DOCTYPES, { error: unlessMissing('doctype must be one of presentation, form, sheet, report') });

// ─── Contents per doctype (documentation §3). Form contents are the checklist model's
// (shared/checklists/schemas.ts); presentation contents the presentation model's (shared/presentations/schemas.ts). ─

export { presentationContents };

/** Sheets and reports share one shape: questions plus the form-link tree (the result sheet model's: shared/sheets/schemas.ts). */
export { sheetContents };

/**
 * A body's `contents` or `draft_contents`: any value here, checked against the doctype's schema (below) once the
 * server knows the doctype. The OpenAPI document describes it by those schemas (server/openapi/names.ts).
 */
export const anyContents = z.unknown();

export const contentsSchemas = {
  presentation: presentationContents,
  form: formContents,
  sheet: sheetContents,
  report: sheetContents,
} as const satisfies Record<Doctype, z.ZodType>;

/** Drafts (draft_contents): the same, but a sheet's or report's links may be unfinished (work in progress). */
export const draftContentsSchemas = {
  ...contentsSchemas,
  form: formDraftContents,
  sheet: sheetDraftContents,
  report: sheetDraftContents,
} as const satisfies Record<Doctype, z.ZodType>;

export type PresentationContents = z.output<typeof presentationContents>;
export type FormContents = z.output<typeof formContents>;
export type SheetContents = z.output<typeof sheetContents>;
export type DocumentContents = PresentationContents | FormContents | SheetContents;

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
    contents: anyContents.optional(),
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
  contents: anyContents.optional(),
  changelog: z
    .string({ error: 'changelog must be a string' })
    .max(MAX_CHANGELOG_LENGTH, sentence(`Change log must be at most ${MAX_CHANGELOG_LENGTH} characters`))
    .refine(isWellFormed, `changelog ${NOT_WELL_FORMED}`)
    .optional(),
  draft_contents: anyContents.nullable().optional(),
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

/** `ordering` repeated or comma-separated: `kind`, `-name`, …; the kind first, then the name, when not given. */
const ordering = orderingParam(ORDERING_FIELDS, [...DEFAULT_ORDERING]);
const skip = skipParam();
const limit = limitParam(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);

export const contentsQuery = z.object({ ordering, skip, limit });
export type ContentsQuery = z.output<typeof contentsQuery>;

export const pageQuery = z.object({ skip, limit });
export type PageQuery = z.output<typeof pageQuery>;

// ─── Checklist data (submissions) and signed uploads (documentation §7) ────────────────────────────


/**
 * GET documentation/documents/{id}/data: rows with `start_time <= created_at < end_time` (epoch seconds),
 * newest first. `limit` defaults to the spec's 999999999 and is capped at MAX_RESULTS_PAGE rows per
 * page (`total` tells how many there are). `form_id`: for a checklist its own id (or nothing); for a
 * result sheet or report, one of its checklists.
 */
export const dataQuery = z.object({
  form_id: lastOf(id).optional(),
  start_time: epochSecondsParam('start_time'),
  end_time: epochSecondsParam('end_time'),
  ...submissionFilters,
  ...resultsPaging,
});
export type DataQueryParsed = z.output<typeof dataQuery>;

/** What a person reads when a file's type cannot be uploaded (the types: UPLOAD_CONTENT_TYPES). */
const UPLOAD_TYPES_SENTENCE = sentence('Only pictures (JPEG, PNG, WebP, GIF), PDF documents and MP4 videos can be uploaded');

/**
 * One file to sign. The messages people can meet (a file too big, of a type that cannot be uploaded, with
 * a name too long) are sentences (field-errors.ts); the rest are remarks for programs.
 */
export const signUploadEntry = z.object({
  filename: z
    .string({ error: unlessMissing('filename must be text') })
    .trim()
    .min(1, sentence('A file needs a name'))
    .max(MAX_NAME_LENGTH, sentence(`A file's name may be at most ${MAX_NAME_LENGTH} characters`))
    .refine(isWellFormed, `filename ${NOT_WELL_FORMED}`),
  file_size: z
    .int({ error: unlessMissing('file_size must be a whole number of bytes') })
    .min(1, sentence('A file must not be empty'))
    .max(MAX_UPLOAD_BYTES, sentence(`A file may be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`)),
  content_type: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.enum(UPLOAD_CONTENT_TYPES, { error: unlessMissing(UPLOAD_TYPES_SENTENCE) }),
  ),
});

/** POST documentation/documents/{id}/sign-content-upload: the body IS the list. */
export const signUploadBody = z
  .array(signUploadEntry, { error: 'the body must be a list of {filename, file_size, content_type}' })
  .min(1, 'give at least one file')
  .max(MAX_UPLOADS_PER_REQUEST, `at most ${MAX_UPLOADS_PER_REQUEST} files at once`);

/** GET documentation/documents/{id}/media-urls?upload_id=…&upload_id=…: short-lived addresses for <img> and <video>. */
export const mediaUrlsQuery = z.object({
  upload_id: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z.array(id).min(1, 'give at least one upload_id').max(100, 'at most 100 upload ids at once'),
  ),
});

