/**
 * The filler's calls to the API (documentation §7), through the element's transport (the one transport,
 * src/shared/transport, with the element's own `api-base` and token — the element is also built
 * standalone for other sites): load the checklist, sign and upload a photo, submit the record with an
 * Idempotency-Key. Every failure is an ApiError (status 0 when no answer came).
 */
import { ApiError, sendSignedUpload, type Transport } from '../../src/shared/transport/index.ts';
import type { SubmissionRecord } from './answer-state.ts';
import type { SubmissionTransport } from './submission-queue.ts';

/** The parts of `GET documentation/documents/{id}` the filler reads. */
export interface ChecklistDocument {
  id: string;
  name?: string;
  description?: string;
  doctype?: string;
  version?: number;
  latest_version?: number;
  folder_id?: string;
  contents: unknown;
}

interface SignedUpload {
  upload_id: string;
  url: string;
  fields: Record<string, string>;
}

export interface ChecklistApi extends SubmissionTransport {
  loadDocument(documentId: string): Promise<ChecklistDocument>;
}

export function checklistApi(transport: Transport): ChecklistApi {
  const documentPath = (id: string) => `documentation/documents/${encodeURIComponent(id)}`;
  return {
    loadDocument: (documentId) => transport.call<ChecklistDocument>(documentPath(documentId)),

    async uploadPhoto(documentId, photo) {
      const [signed] = await transport.call<SignedUpload[]>(`${documentPath(documentId)}/sign-content-upload`, {
        method: 'POST',
        json: [{ filename: photo.name, file_size: photo.blob.size, content_type: photo.type }],
      });
      if (!signed) throw new ApiError(502, 'The upload was not signed');
      // The signed address is on the API's origin (the default storage) or absolute (S3): the transport resolves both.
      await sendSignedUpload(transport, signed, photo.blob, photo.name);
      return signed.upload_id;
    },

    submit: (documentId, record: SubmissionRecord, idempotencyKey) =>
      transport.call<unknown>(`${documentPath(documentId)}/data`, { method: 'POST', json: { record }, idempotencyKey }),
  };
}
