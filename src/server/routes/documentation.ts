/**
 * `documentation/…`: folders, their contents, documents and versions, ACLs, trash, copy and move
 * (documentation §7). Every call needs a signed-in member of a current organisation (c.var.member); the
 * trash list is for org admins (both: api.ts ACCESS); the services decide permissions and answer 404 alike for missing, foreign, malformed and unreadable ids.
 */
import { Hono } from 'hono';
import {
  contentsQuery,
  createDocumentBody,
  createFolderBody,
  moveOrCopyBody,
  pageQuery,
  replaceAclBody,
  updateDocumentBody,
  updateFolderBody,
} from '../../shared/api/documentation-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { aclAnswer, documentAnswer, folderAnswer, historyEntryAnswer, listedItemAnswer, trashedItemAnswer } from '../openapi/answers/documentation.ts';
import { listOf } from '../openapi/answers/list.ts';
import { operation } from '../openapi/operation.ts';
import { jsonBody } from '../http/body.ts';
import { jsonWithEtag } from '../http/etag.ts';
import { queryOf } from '../http/query.ts';
import { getAcl, replaceAcl } from '../services/documentation/acl.ts';
import { copyItem, moveItem } from '../services/documentation/copy-move.ts';
import {
  createDocument,
  deleteDocument,
  documentHistory,
  getDocument,
  getDocumentVersion,
  updateDocument,
} from '../services/documentation/documents.ts';
import { createFolder, deleteFolder, folderContents, getFolder, updateFolder } from '../services/documentation/folders.ts';
import { restoreDocument, restoreFolder, trashContents } from '../services/documentation/trash.ts';
import { checklistData } from './checklist-data.ts';
import { qrLabels } from './qr-labels.ts';
import { documentMedia } from './uploads.ts';

export const documentation = new Hono<MemberEnv>();

// ─── Folders ──────────────────────────────────────────────────────────────────────────────────────

documentation.post(
  '/folders',
  operation({ summary: 'Create a folder', tag: 'Folders', body: createFolderBody, answers: { 201: folderAnswer }, errors: [403, 404] }),
  async (c) => {
    const body = await jsonBody(c, createFolderBody);
    return c.json(await createFolder(c.var.deps, c.var.member, body), 201);
  },
);

documentation.get(
  '/folders/:id',
  operation({
    summary: 'Get a folder and the folders above it',
    description: 'The id may be `root`: the organisation’s root folder.',
    tag: 'Folders',
    answers: { 200: folderAnswer },
    errors: [404],
  }),
  async (c) => {
    return c.json(await getFolder(c.var.deps, c.var.member, c.req.param('id')));
  },
);

documentation.get(
  '/folders/:id/contents',
  operation({
    summary: 'List a folder’s contents',
    description: 'The folders and documents the caller may Read, ordered by `ordering` (kind, then name, by default).',
    tag: 'Folders',
    query: contentsQuery,
    answers: { 200: listOf(listedItemAnswer) },
    errors: [404],
  }),
  async (c) => {
    const query = queryOf(c, contentsQuery);
    return c.json(await folderContents(c.var.deps, c.var.member, c.req.param('id'), query));
  },
);

documentation.put(
  '/folders/:id',
  operation({
    summary: 'Rename a folder or change its description',
    tag: 'Folders',
    body: updateFolderBody,
    answers: { 200: folderAnswer },
    errors: [403, 404, 409],
  }),
  async (c) => {
    const body = await jsonBody(c, updateFolderBody);
    return c.json(await updateFolder(c.var.deps, c.var.member, c.req.param('id'), body));
  },
);

documentation.delete(
  '/folders/:id',
  operation({ summary: 'Move a folder to the trash', tag: 'Folders', answers: { 204: null }, errors: [403, 404] }),
  async (c) => {
    await deleteFolder(c.var.deps, c.var.member, c.req.param('id'));
    return c.body(null, 204);
  },
);

documentation.post(
  '/folders/:id/restore-from-trash',
  operation({ summary: 'Restore a folder from the trash', tag: 'Trash', answers: { 200: listedItemAnswer }, errors: [403, 404] }),
  async (c) => {
    return c.json(await restoreFolder(c.var.deps, c.var.member, c.req.param('id')));
  },
);

documentation.post(
  '/folders/:id/move',
  operation({
    summary: 'Move a folder or document into this folder',
    tag: 'Folders',
    body: moveOrCopyBody,
    answers: { 200: listedItemAnswer },
    errors: [403, 404],
  }),
  async (c) => {
    const body = await jsonBody(c, moveOrCopyBody);
    return c.json(await moveItem(c.var.deps, c.var.member, c.req.param('id'), body));
  },
);

documentation.post(
  '/folders/:id/copy',
  operation({
    summary: 'Copy a folder or document into this folder',
    tag: 'Folders',
    body: moveOrCopyBody,
    answers: { 201: listedItemAnswer },
    errors: [403, 404],
  }),
  async (c) => {
    const body = await jsonBody(c, moveOrCopyBody);
    return c.json(await copyItem(c.var.deps, c.var.member, c.req.param('id'), body), 201);
  },
);

// An item's permissions, the same two calls for a folder and a document.
for (const kind of ['folder', 'document'] as const) {
  documentation.get(
    `/${kind}s/:id/acl`,
    operation({
      summary: `Get a ${kind}’s permissions (its own entries and those inherited)`,
      tag: 'Permissions',
      answers: { 200: aclAnswer },
      errors: [403, 404],
    }),
    async (c) => {
      return c.json(await getAcl(c.var.deps, c.var.member, kind, c.req.param('id')));
    },
  );

  documentation.put(
    `/${kind}s/:id/acl`,
    operation({
      summary: `Replace a ${kind}’s own permission entries`,
      tag: 'Permissions',
      body: replaceAclBody,
      answers: { 200: aclAnswer },
      errors: [403, 404],
    }),
    async (c) => {
      const entries = await jsonBody(c, replaceAclBody);
      return c.json(await replaceAcl(c.var.deps, c.var.member, kind, c.req.param('id'), entries));
    },
  );
}

// ─── Trash ────────────────────────────────────────────────────────────────────────────────────────

documentation.get(
  '/trash/:id',
  operation({
    summary: 'List the trash',
    description: 'Org admins only. The id is `root` (or `1`) for the whole trash, or a trashed folder’s id for what it held.',
    tag: 'Trash',
    query: pageQuery,
    answers: { 200: listOf(trashedItemAnswer) },
    errors: [404],
  }),
  async (c) => {
    const page = queryOf(c, pageQuery);
    return c.json(await trashContents(c.var.deps, c.var.member, c.req.param('id'), page));
  },
);

// ─── Documents ────────────────────────────────────────────────────────────────────────────────────

documentation.post(
  '/documents',
  operation({
    summary: 'Create a document',
    description: 'A presentation, checklist (form), result sheet or report; contents default to the doctype’s empty contents.',
    tag: 'Documents',
    body: createDocumentBody,
    answers: { 201: documentAnswer },
    errors: [403, 404],
  }),
  async (c) => {
    const body = await jsonBody(c, createDocumentBody);
    return c.json(await createDocument(c.var.deps, c.var.member, body), 201);
  },
);

documentation.get(
  '/documents/:id',
  operation({
    summary: 'Get a document at its latest version',
    description: 'With its draft (`draft_contents`, null when there is none).',
    tag: 'Documents',
    answers: { 200: documentAnswer },
    errors: [404],
  }),
  async (c) => {
    return c.json(await getDocument(c.var.deps, c.var.member, c.req.param('id')));
  },
);

// A published version rarely changes (issue #29): an ETag, and 304 to a repeat that names it (http/etag.ts).
documentation.get(
  '/documents/:id/version/:version',
  operation({
    summary: 'Get a version of a document',
    description: 'With an ETag: a repeat naming it in If-None-Match answers 304.',
    tag: 'Documents',
    answers: { 200: documentAnswer, 304: null },
    errors: [404],
  }),
  async (c) => {
    return jsonWithEtag(c, await getDocumentVersion(c.var.deps, c.var.member, c.req.param('id'), c.req.param('version')));
  },
);

documentation.put(
  '/documents/:id',
  operation({
    summary: 'Publish a document, save or discard its draft, or change its properties',
    description: 'One body for four edits, told apart by what it carries: `contents` publishes a new version; `draft_contents` an object saves the draft; `draft_contents: null` discards it; only `name` or `description` publishes new properties.',
    tag: 'Documents',
    body: updateDocumentBody,
    answers: { 200: documentAnswer },
    errors: [403, 404, 409],
  }),
  async (c) => {
    const body = await jsonBody(c, updateDocumentBody);
    return c.json(await updateDocument(c.var.deps, c.var.member, c.req.param('id'), body));
  },
);

documentation.delete(
  '/documents/:id',
  operation({ summary: 'Move a document to the trash', tag: 'Documents', answers: { 204: null }, errors: [403, 404] }),
  async (c) => {
    await deleteDocument(c.var.deps, c.var.member, c.req.param('id'));
    return c.body(null, 204);
  },
);

documentation.get(
  '/documents/:id/history',
  operation({
    summary: 'List a document’s published versions',
    tag: 'Documents',
    query: pageQuery,
    answers: { 200: listOf(historyEntryAnswer) },
    errors: [404],
  }),
  async (c) => {
    const page = queryOf(c, pageQuery);
    return c.json(await documentHistory(c.var.deps, c.var.member, c.req.param('id'), page));
  },
);

documentation.post(
  '/documents/:id/restore-from-trash',
  operation({ summary: 'Restore a document from the trash', tag: 'Trash', answers: { 200: listedItemAnswer }, errors: [403, 404] }),
  async (c) => {
    return c.json(await restoreDocument(c.var.deps, c.var.member, c.req.param('id')));
  },
);

// ─── Checklist data and media (docs/checklists.md) ────────────────────────────────────────────────

documentation.route('/', checklistData);
documentation.route('/', documentMedia);

// ─── QR label sheets (docs/documentation-tree.md "QR codes and label sheets") ──────────────────────

documentation.route('/', qrLabels);
