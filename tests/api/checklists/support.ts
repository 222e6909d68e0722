/** HTTP plumbing the checklist tests share (their data comes from ../support/factories.ts). */
import type { TestUser } from '../support/factories.ts';
import type { ApiResponse } from '../support/http.ts';

/** POST documentation/documents/{id}/data. */
export function submit(user: TestUser, documentId: string, record: Record<string, unknown>, headers: Record<string, string> = {}): Promise<ApiResponse> {
  return user.api.post(`documentation/documents/${documentId}/data`, { record }, { headers });
}
