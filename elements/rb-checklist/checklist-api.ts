/**
 * The filler's calls to the API (documentation §7), made with `fetch` against the element's own
 * `api-base` and bearer token, because the element is also built standalone for other sites (DESIGN.md):
 * load the checklist, sign and upload a photo, submit the record with an Idempotency-Key. Failures are
 * NetworkError (no answer) or HttpError (the server's status and detail).
 */
import type { SubmissionRecord } from './answer-state.ts';
import { HttpError, NetworkError } from './send-errors.ts';
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

const detailOf = (body: unknown): string | undefined => {
  const detail = (body as { detail?: unknown } | null | undefined)?.detail;
  return typeof detail === 'string' ? detail : undefined;
};

/** `fetch`, with a refusal as HttpError and no answer at all as NetworkError. */
async function call(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if ((error as { name?: string } | null)?.name === 'AbortError') throw error;
    throw new NetworkError(error instanceof Error ? error.message : undefined);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw new HttpError(response.status, detailOf(body) ?? `${response.status} ${response.statusText}`.trim());
  }
  return response;
}

/** The API calls against `apiBase` (e.g. '/api/v1'), with the token as it is at the time of each call. */
export function checklistApi(apiBase: string, token: () => string): ChecklistApi {
  const base = apiBase.replace(/\/+$/, '');
  const headers = (extra: Record<string, string> = {}) => {
    const h = new Headers(extra);
    const bearer = token();
    if (bearer) h.set('Authorization', `Bearer ${bearer}`);
    return h;
  };
  const documentPath = (id: string) => `${base}/documentation/documents/${encodeURIComponent(id)}`;

  return {
    async loadDocument(documentId) {
      const response = await call(documentPath(documentId), { headers: headers() });
      return (await response.json()) as ChecklistDocument;
    },

    async uploadPhoto(documentId, photo) {
      const signing = await call(`${documentPath(documentId)}/sign-content-upload`, {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json' }),
        body: JSON.stringify([{ filename: photo.name, file_size: photo.blob.size, content_type: photo.type }]),
      });
      const [signed] = (await signing.json()) as SignedUpload[];
      if (!signed) throw new HttpError(502, 'The upload was not signed');
      const form = new FormData();
      for (const [name, value] of Object.entries(signed.fields)) form.append(name, value);
      form.append('file', photo.blob, photo.name);
      // The signed address may be relative to the API's origin (the default storage) or absolute (S3).
      const target = new URL(signed.url, new URL(base || '/', location.href)).href;
      await call(target, { method: 'POST', body: form });
      return signed.upload_id;
    },

    async submit(documentId, record: SubmissionRecord, idempotencyKey) {
      const response = await call(`${documentPath(documentId)}/data`, {
        method: 'POST',
        headers: headers({ 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey }),
        body: JSON.stringify({ record }),
      });
      return (await response.json()) as unknown;
    },
  };
}
