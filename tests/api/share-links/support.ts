/** HTTP plumbing the share-link tests share (their data comes from ../support/factories.ts). */
import type { TestServer } from '../support/harness.ts';
import type { ApiClient, ApiResponse } from '../support/http.ts';

export const CREDENTIALS = { detail: 'Could not validate credentials' };
export const REVOKED = { detail: 'This link has been revoked' };
export const EXPIRED_LINK = { detail: 'This link has expired' };
export const UNAVAILABLE = { detail: 'This checklist is not available' };

/** A client that calls with `Authorization: Bearer share_…`. */
export const shareClient = (server: TestServer, token: string): ApiClient => server.client(token);

/** POST documentation/documents/{id}/data with a share token. */
export function shareSubmit(client: ApiClient, documentId: string, record: Record<string, unknown>, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return client.post(`documentation/documents/${documentId}/data`, { record }, { headers });
}
