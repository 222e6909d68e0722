/**
 * Factories: checklists with questions, share links, and uploaded files. Part of THE test-data module
 * (../factories.ts), which re-exports it.
 */
import { expect } from 'vitest';
import * as paths from '../../../../src/shared/api/paths.ts';
import { newQuestion, withValueType, type Question, type ValueType } from '../../../../src/shared/checklists/index.ts';
import type { UploadContentType } from '../../../../src/server/storage/content-types.ts';
import type { TestServer } from '../harness.ts';
import type { Json } from '../http.ts';
import { postUpload, signOne } from '../uploads.ts';
import { uniqueName, type TestUser } from './accounts.ts';
import { makeDocument } from './documentation.ts';

// ─── Checklists and uploads ───────────────────────────────────────────────────────────────────────

/** A question of a value type with its defaults (required, as the editor adds them), changed as given. */
export function question(valueType: ValueType, changes: Partial<Question> = {}): Question {
  return { ...withValueType({ ...newQuestion(), title: `A ${valueType} question` }, valueType), ...changes };
}

/** A published checklist (doctype form) with these questions, in this order. */
export async function makeChecklist(user: TestUser, questions: Record<string, object>, folderId = 'root', name?: string): Promise<Json> {
  return makeDocument(user, folderId, 'form', name, { questions, question_index: Object.keys(questions) });
}

/** POST documentation/documents/{id}/share-links as `user` (Edit Permissions on the checklist); expects 201. */
export async function makeShareLink(user: TestUser, checklistId: string, name = uniqueName('Link'), expiresAt?: string | null): Promise<Json> {
  const res = await user.api.post(paths.documentation.shareLinks(checklistId), { name, ...(expiresAt === undefined ? {} : { expires_at: expiresAt }) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The first bytes of a real file of each type, padded with zeros to `size`. */
const MAGIC: Record<UploadContentType, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF')],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/gif': [...Buffer.from('GIF89a')],
  'image/webp': [...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
  'application/pdf': [...Buffer.from('%PDF-1.7\n')],
  'video/mp4': [0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2avc1mp41')],
};

export function fileBytes(type: UploadContentType, size = 256): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(MAGIC[type].slice(0, size));
  for (let i = MAGIC[type].length; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

/** Signs and uploads one file of `type`; returns its upload id. */
export async function uploadFile(server: TestServer, user: TestUser, documentId: string, type: UploadContentType = 'image/png', size = 256): Promise<string> {
  const signed = await signOne(user, documentId, { filename: `file.${type.split('/')[1]}`, file_size: size, content_type: type });
  const res = await postUpload(server, signed, fileBytes(type, size));
  expect(res.status, JSON.stringify(res.body)).toBe(204);
  return signed.upload_id;
}
