/**
 * Documents: create (version 1), read the latest or any version, publish a new immutable version, save
 * or discard the draft, delete to the trash, and the version history.
 *
 * Ids that contents from a body store (a checklist's question media, validation roles and users and
 * sheet, a result sheet's checklists) must be the organisation's own: 422 naming the field otherwise
 * (services/own-ids.ts). Contents already stored (a new name published over them) are not checked again.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { contentsSchemas, draftContentsSchemas, type createDocumentBody, type updateDocumentBody } from '../../../shared/api/documentation-schemas.ts';
import type { Doctype, Document, DocumentContents, HistoryEntry, PageQuery } from '../../../shared/api/documentation.ts';
import type { List } from '../../../shared/api/list.ts';
import { uuidv7 } from '../../../shared/ids.ts';
import type { Queryable } from '../../db/connection.ts';
import { documents, documentVersions } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { badRequest, conflict, notFound, validationFailed } from '../../errors.ts';
import { resolvePermissions } from '../../permissions/resolve.ts';
import {
  readableDocument,
  readableFolder,
  requireAction,
  type DocumentAccess,
  type DocumentRow,
} from './access.ts';
import { recordActivity } from '../activity.ts';
import { requireOwnIds } from '../own-ids.ts';
import { requireDocumentMedia } from '../presentations/media.ts';
import { markUploadsUsed, uuidsIn } from '../checklists/uploads.ts';
import { idsInContents } from './stored-ids.ts';
import { checkSheetContents } from '../sheets/contents.ts';
import type { SheetContents } from '../../../shared/sheets/model.ts';
import { nameOf } from '../../presenters/documentation.ts';
import { documentAnswer, usernames } from './answers.ts';

export type NewDocument = z.output<typeof createDocumentBody>;
export type DocumentEdit = z.output<typeof updateDocumentBody>;
type VersionRow = typeof documentVersions.$inferSelect;

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Contents checked against the doctype: 422 naming the fields otherwise. */
export function checkedContents(kind: Doctype, raw: unknown, field: string, schemas: Record<Doctype, z.ZodType> = contentsSchemas): DocumentContents {
  const parsed = schemas[kind].safeParse(raw);
  if (parsed.success) return parsed.data as DocumentContents;
  throw validationFailed(
    parsed.error.issues.map((issue) => ({
      field: [field, ...issue.path.map(String)].join('.'),
      message: issue.code === 'invalid_type' && valueAt(raw, issue.path) === undefined ? 'Field required' : issue.message,
    })),
  );
}

/**
 * The ids that contents from a body store are the organisation's own (422 naming the field otherwise);
 * a presentation's page media are moreover finished uploads of this document (none before it exists).
 */
async function requireStoredIds(
  tx: Queryable,
  deps: Deps,
  who: Member,
  target: { doctype: Doctype; documentId: string | undefined },
  contents: DocumentContents,
  field: string,
): Promise<void> {
  // Every upload the contents name is used now (kept from the clean-up of unused uploads), before the checks.
  await markUploadsUsed(tx, { orgId: who.orgId }, uuidsIn(contents));
  const stored = idsInContents(target.doctype, contents, field);
  await requireOwnIds(tx, who.orgId, stored);
  if (target.doctype === 'presentation') await requireDocumentMedia(tx, deps.config, { orgId: who.orgId, documentId: target.documentId }, stored, deps.now());
}

async function versionRow(db: Queryable, documentId: string, version: number): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, documentId), eq(documentVersions.version, version)));
  return row;
}

/** POST documentation/documents: Write and Create Documents on the folder; version 1 is published at once. */
export async function createDocument(deps: Deps, who: Member, body: NewDocument): Promise<Document> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const folder = await readableFolder(tx, who, body.folder_id);
    requireAction(folder.permissions, 'createDocument', 'folder');
    await requireStoredIds(tx, deps, who, { doctype: body.doctype, documentId: undefined }, body.contents, 'contents');
    if (body.doctype === 'sheet' || body.doctype === 'report') await checkSheetContents(tx, who, body.contents as SheetContents, 'contents');
    const [document] = await tx
      .insert(documents)
      .values({
        id: uuidv7(now.getTime()),
        orgId: who.orgId,
        folderId: folder.folder.id,
        name: body.name,
        description: body.description,
        doctype: body.doctype,
        version: 1,
        contents: body.contents,
        createdBy: who.userId,
        createdAt: now,
        modifiedBy: who.userId,
        modifiedAt: now,
      })
      .returning();
    const [version] = await tx
      .insert(documentVersions)
      .values({
        documentId: document!.id,
        version: 1,
        name: body.name,
        description: body.description,
        contents: body.contents,
        changelog: '',
        createdBy: who.userId,
        createdAt: now,
      })
      .returning();
    await recordActivity(tx, {
      type: 'DocumentCreated',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      documentId: document!.id,
      folderId: folder.folder.id,
      context: { name: body.name, doctype: body.doctype, folder_id: folder.folder.id, folder_name: folder.folder.name },
    });
    const levels = folder.levels;
    return documentAnswer(
      tx,
      { document: document!, chain: folder.chain, levels, permissions: resolvePermissions([[], ...levels], who) },
      version!,
      who,
    );
  });
}

/** GET documentation/documents/{id}: the latest version with the draft. */
export async function getDocument(deps: Deps, who: Member, id: string): Promise<Document> {
  const access = await readableDocument(deps.db, who, id);
  const version = await versionRow(deps.db, access.document.id, access.document.version);
  if (!version) throw notFound('Document not found');
  return documentAnswer(deps.db, access, version, who);
}

const versionNotFound = () => notFound('Version not found');

/** GET documentation/documents/{id}/version/{n}. */
export async function getDocumentVersion(deps: Deps, who: Member, id: string, n: string): Promise<Document> {
  const access = await readableDocument(deps.db, who, id);
  if (!/^\d{1,9}$/.test(n)) throw versionNotFound();
  const version = await versionRow(deps.db, access.document.id, Number(n));
  if (!version) throw versionNotFound();
  return documentAnswer(deps.db, access, version, who);
}

const staleDocument = (edited: number, current: number) =>
  conflict(`This document was changed by someone else (version ${current}, you edited version ${edited}); reload it and try again`);

type Edit =
  | { kind: 'publish'; contents: DocumentContents; keepDraft: boolean }
  | { kind: 'draft'; draft: DocumentContents }
  | { kind: 'discard' };

function editOf(document: DocumentRow, body: DocumentEdit): Edit {
  if (body.contents !== undefined) {
    return { kind: 'publish', contents: checkedContents(document.doctype, body.contents, 'contents'), keepDraft: false };
  }
  if (body.draft_contents === null) return { kind: 'discard' };
  if (body.draft_contents !== undefined) {
    return { kind: 'draft', draft: checkedContents(document.doctype, body.draft_contents, 'draft_contents', draftContentsSchemas) };
  }
  if (body.name !== undefined || body.description !== undefined) {
    return { kind: 'publish', contents: document.contents as DocumentContents, keepDraft: true };
  }
  throw validationFailed([
    { field: 'contents', message: 'give contents to publish, draft_contents to save (or null to discard) a draft, or a new name or description' },
  ]);
}

/**
 * The edit a PUT asks for, judged against the document as it stands: the doctype kept, the version the
 * caller edited still the latest (409 otherwise), and the ids the new contents store the organisation's own.
 */
async function judgedEdit(tx: Queryable, deps: Deps, who: Member, before: DocumentRow, body: DocumentEdit): Promise<Edit> {
  if (body.doctype !== undefined && body.doctype !== before.doctype) {
    throw badRequest(`The doctype of a document cannot be changed (this one is a ${before.doctype})`);
  }
  if (body.version !== before.version) throw staleDocument(body.version, before.version);
  const edit = editOf(before, body);
  const target = { doctype: before.doctype, documentId: before.id };
  if (edit.kind === 'draft') await requireStoredIds(tx, deps, who, target, edit.draft, 'draft_contents');
  if (edit.kind === 'publish' && !edit.keepDraft) await requireStoredIds(tx, deps, who, target, edit.contents, 'contents');
  // A result sheet's or report's checklists, questions and links (issue #13); drafts are work in progress.
  if (edit.kind === 'publish' && !edit.keepDraft && (before.doctype === 'sheet' || before.doctype === 'report')) {
    await checkSheetContents(tx, who, edit.contents as SheetContents, 'contents', before.contents);
  }
  return edit;
}

const sameVersion = (documentId: string, version: number) => and(eq(documents.id, documentId), eq(documents.version, version));

/** Saves or discards the draft: no new version. */
async function saveDraft(tx: Queryable, who: Member, access: DocumentAccess, edit: Exclude<Edit, { kind: 'publish' }>, body: DocumentEdit): Promise<Document> {
  const [after] = await tx
    .update(documents)
    .set(
      edit.kind === 'draft'
        ? { draftContents: edit.draft, draftUserId: who.userId }
        : { draftContents: null, draftUserId: null },
    )
    .where(sameVersion(access.document.id, body.version))
    .returning();
  if (!after) throw staleDocument(body.version, body.version + 1);
  const version = await versionRow(tx, after.id, after.version);
  return documentAnswer(tx, { ...access, document: after }, version!, who);
}

/** A published version's DocumentUpdated event: its name and description beside the previous ones. */
async function recordDocumentUpdated(tx: Queryable, who: Member, now: Date, access: DocumentAccess, after: DocumentRow, changelog: string): Promise<void> {
  const before = access.document;
  const folder = access.chain[0]!;
  await recordActivity(tx, {
    type: 'DocumentUpdated',
    orgId: who.orgId,
    actorId: who.userId,
    at: now,
    documentId: after.id,
    folderId: folder.id,
    context: {
      name: after.name,
      previous_name: before.name,
      description: after.description,
      previous_description: before.description,
      doctype: after.doctype,
      version: after.version,
      changelog,
      folder_id: folder.id,
      folder_name: folder.name,
    },
  });
}

/** Publishes a new immutable version (the draft goes unless only the name or description changed), recorded as DocumentUpdated. */
async function publishVersion(
  tx: Queryable,
  who: Member,
  now: Date,
  access: DocumentAccess,
  edit: Extract<Edit, { kind: 'publish' }>,
  body: DocumentEdit,
): Promise<Document> {
  const before = access.document;
  const name = body.name ?? before.name;
  const description = body.description ?? before.description;
  const [after] = await tx
    .update(documents)
    .set({
      name,
      description,
      contents: edit.contents,
      version: before.version + 1,
      modifiedBy: who.userId,
      modifiedAt: now,
      ...(edit.keepDraft ? {} : { draftContents: null, draftUserId: null }),
    })
    // Concurrent publishes of one version queue on the row lock; all but the first find no row.
    .where(sameVersion(before.id, body.version))
    .returning();
  if (!after) throw staleDocument(body.version, body.version + 1);
  const [version] = await tx
    .insert(documentVersions)
    .values({
      documentId: after.id,
      version: after.version,
      name,
      description,
      contents: edit.contents,
      changelog: body.changelog ?? '',
      createdBy: who.userId,
      createdAt: now,
    })
    .returning();
  await recordDocumentUpdated(tx, who, now, access, after, body.changelog ?? '');
  return documentAnswer(tx, { ...access, document: after }, version!, who);
}

/**
 * PUT documentation/documents/{id}: Write. Publishing (contents, or a new name/description) writes a
 * new immutable version; drafts change no version. A stale version answers 409 and changes nothing.
 */
export async function updateDocument(deps: Deps, who: Member, id: string, body: DocumentEdit): Promise<Document> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const access = await readableDocument(tx, who, id);
    requireAction(access.permissions, 'edit', 'document');
    const edit = await judgedEdit(tx, deps, who, access.document, body);
    if (edit.kind !== 'publish') return saveDraft(tx, who, access, edit, body);
    return publishVersion(tx, who, now, access, edit, body);
  });
}

/** DELETE documentation/documents/{id}: Delete; the document goes to the trash. */
export async function deleteDocument(deps: Deps, who: Member, id: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const access = await readableDocument(tx, who, id);
    requireAction(access.permissions, 'delete', 'document');
    await tx
      .update(documents)
      .set({ deletedAt: now, deletedBy: who.userId })
      .where(and(eq(documents.id, access.document.id), isNull(documents.deletedAt)));
    const folder = access.chain[0]!;
    await recordActivity(tx, {
      type: 'DocumentDeleted',
      orgId: who.orgId,
      actorId: who.userId,
      at: now,
      documentId: access.document.id,
      folderId: folder.id,
      context: { name: access.document.name, doctype: access.document.doctype, folder_id: folder.id, folder_name: folder.name },
    });
  });
}

/** GET documentation/documents/{id}/history: newest first. */
export async function documentHistory(deps: Deps, who: Member, id: string, page: PageQuery): Promise<List<HistoryEntry>> {
  const access = await readableDocument(deps.db, who, id);
  const documentId = access.document.id;
  const rows = await deps.db
    .select({
      version: documentVersions.version,
      createdAt: documentVersions.createdAt,
      createdBy: documentVersions.createdBy,
      changelog: documentVersions.changelog,
    })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.version))
    .offset(page.skip)
    .limit(page.limit);
  const [counted] = await deps.db.select({ total: count() }).from(documentVersions).where(eq(documentVersions.documentId, documentId));
  const names = await usernames(
    deps.db,
    rows.map((r) => r.createdBy),
  );
  return {
    results: rows.map((r) => ({
      version: r.version,
      created_at: r.createdAt.toISOString(),
      created_by_username: nameOf(names, r.createdBy),
      changelog: r.changelog,
      document_id: documentId,
    })),
    total: Number(counted?.total ?? 0),
  };
}
