/**
 * The filler's calls to the API (documentation §7), through the element's transport (the one transport,
 * src/shared/transport, with the element's own `api-base` and token — the element is also built
 * standalone for other sites): load the checklist (by its id, or a share link's), the short-lived addresses of its questions' pictures,
 * sign and upload a photo, submit the record with an Idempotency-Key. Every failure is an ApiError
 * (status 0 when no answer came).
 */
import type { MediaUrl } from '../../src/shared/api/documentation.ts';
import * as paths from '../../src/shared/api/paths.ts';
import { addressOf, ApiError, sendSignedUpload, type Transport } from '../../src/shared/transport/index.ts';
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

/**
 * `GET share/checklist` (#29): the share link's checklist at its latest published version, as
 * `GET documentation/documents/{id}` answers it, with the link and the organisation's name.
 */
export interface SharedChecklist extends ChecklistDocument {
  share_link?: { name: string; expires_at: string | null };
  organization_name?: string;
}

interface SignedUpload {
  upload_id: string;
  url: string;
  fields: Record<string, string>;
}

/** `GET …/media-urls` takes at most this many upload ids a call. */
export const MEDIA_URLS_PER_CALL = 100;

export interface ChecklistApi extends SubmissionTransport {
  loadDocument(documentId: string): Promise<ChecklistDocument>;
  /** The checklist of the share link whose token is the bearer. */
  loadShared(): Promise<SharedChecklist>;
  /**
   * Addresses an `<img>` loads without a token (signed, short-lived) for files of the document, by upload
   * id; ids the server does not know for this document are left out.
   */
  mediaUrls(documentId: string, uploadIds: readonly string[]): Promise<Map<string, string>>;
}

export function checklistApi(transport: Transport): ChecklistApi {
  return {
    loadDocument: (documentId) => transport.call<ChecklistDocument>(paths.documentation.document(documentId)),
    loadShared: () => transport.call<SharedChecklist>(paths.share.checklist, { pageRead: 'sharedChecklist' }),

    async mediaUrls(documentId, uploadIds) {
      const ids = [...new Set(uploadIds)];
      const urls = new Map<string, string>();
      for (let i = 0; i < ids.length; i += MEDIA_URLS_PER_CALL) {
        const { results } = await transport.call<{ results: MediaUrl[] }>(paths.share.mediaUrls(documentId), {
          query: { upload_id: ids.slice(i, i + MEDIA_URLS_PER_CALL) },
        });
        // Absolute from the server; resolved against the API's origin all the same, for a page on another site.
        for (const media of results) urls.set(media.upload_id, addressOf(transport.base(), media.url));
      }
      return urls;
    },

    async uploadPhoto(documentId, photo) {
      const [signed] = await transport.call<SignedUpload[]>(paths.share.signContentUpload(documentId), {
        method: 'POST',
        json: [{ filename: photo.name, file_size: photo.blob.size, content_type: photo.type }],
      });
      if (!signed) throw new ApiError(502, 'The upload was not signed');
      // The signed address is on the API's origin (the default storage) or absolute (S3): the transport resolves both.
      await sendSignedUpload(transport, signed, photo.blob, photo.name);
      return signed.upload_id;
    },

    submit: (documentId, record: SubmissionRecord, idempotencyKey, madeAt) =>
      transport.call<unknown>(paths.share.submit(documentId), { method: 'POST', json: madeAt ? { record, made_at: madeAt } : { record }, idempotencyKey }),
  };
}
