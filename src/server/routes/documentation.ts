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

documentation.post('/folders', async (c) => {
  const body = await jsonBody(c, createFolderBody);
  return c.json(await createFolder(c.var.deps, c.var.member, body), 201);
});

documentation.get('/folders/:id', async (c) => {
  return c.json(await getFolder(c.var.deps, c.var.member, c.req.param('id')));
});

documentation.get('/folders/:id/contents', async (c) => {
  const query = queryOf(c, contentsQuery);
  return c.json(await folderContents(c.var.deps, c.var.member, c.req.param('id'), query));
});

documentation.put('/folders/:id', async (c) => {
  const body = await jsonBody(c, updateFolderBody);
  return c.json(await updateFolder(c.var.deps, c.var.member, c.req.param('id'), body));
});

documentation.delete('/folders/:id', async (c) => {
  await deleteFolder(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});

documentation.post('/folders/:id/restore-from-trash', async (c) => {
  return c.json(await restoreFolder(c.var.deps, c.var.member, c.req.param('id')));
});

documentation.post('/folders/:id/move', async (c) => {
  const body = await jsonBody(c, moveOrCopyBody);
  return c.json(await moveItem(c.var.deps, c.var.member, c.req.param('id'), body));
});

documentation.post('/folders/:id/copy', async (c) => {
  const body = await jsonBody(c, moveOrCopyBody);
  return c.json(await copyItem(c.var.deps, c.var.member, c.req.param('id'), body), 201);
});

documentation.get('/folders/:id/acl', async (c) => {
  return c.json(await getAcl(c.var.deps, c.var.member, 'folder', c.req.param('id')));
});

documentation.put('/folders/:id/acl', async (c) => {
  const entries = await jsonBody(c, replaceAclBody);
  return c.json(await replaceAcl(c.var.deps, c.var.member, 'folder', c.req.param('id'), entries));
});

// ─── Trash ────────────────────────────────────────────────────────────────────────────────────────

documentation.get('/trash/:id', async (c) => {
  const page = queryOf(c, pageQuery);
  return c.json(await trashContents(c.var.deps, c.var.member, c.req.param('id'), page));
});

// ─── Documents ────────────────────────────────────────────────────────────────────────────────────

documentation.post('/documents', async (c) => {
  const body = await jsonBody(c, createDocumentBody);
  return c.json(await createDocument(c.var.deps, c.var.member, body), 201);
});

documentation.get('/documents/:id', async (c) => {
  return c.json(await getDocument(c.var.deps, c.var.member, c.req.param('id')));
});

// A published version rarely changes (issue #29): an ETag, and 304 to a repeat that names it (http/etag.ts).
documentation.get('/documents/:id/version/:version', async (c) => {
  return jsonWithEtag(c, await getDocumentVersion(c.var.deps, c.var.member, c.req.param('id'), c.req.param('version')));
});

documentation.put('/documents/:id', async (c) => {
  const body = await jsonBody(c, updateDocumentBody);
  return c.json(await updateDocument(c.var.deps, c.var.member, c.req.param('id'), body));
});

documentation.delete('/documents/:id', async (c) => {
  await deleteDocument(c.var.deps, c.var.member, c.req.param('id'));
  return c.body(null, 204);
});

documentation.get('/documents/:id/history', async (c) => {
  const page = queryOf(c, pageQuery);
  return c.json(await documentHistory(c.var.deps, c.var.member, c.req.param('id'), page));
});

documentation.post('/documents/:id/restore-from-trash', async (c) => {
  return c.json(await restoreDocument(c.var.deps, c.var.member, c.req.param('id')));
});

documentation.get('/documents/:id/acl', async (c) => {
  return c.json(await getAcl(c.var.deps, c.var.member, 'document', c.req.param('id')));
});

documentation.put('/documents/:id/acl', async (c) => {
  const entries = await jsonBody(c, replaceAclBody);
  return c.json(await replaceAcl(c.var.deps, c.var.member, 'document', c.req.param('id'), entries));
});

// ─── Checklist data and media (docs/checklists.md) ────────────────────────────────────────────────

documentation.route('/', checklistData);
documentation.route('/', documentMedia);

// ─── QR label sheets (docs/documentation-tree.md "QR codes and label sheets") ──────────────────────

documentation.route('/', qrLabels);
