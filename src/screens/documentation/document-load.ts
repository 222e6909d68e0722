/**
 * Loading the document of a viewer or editor page, with the spec's failure path (documentation §8
 * "Document load failure"): the server's detail as a warning, then the browse page of the document's
 * folder, or the browse root when that folder is not known.
 */
import type { Document } from '../../shared/api/documentation.ts';
import { api, ApiError, CREDENTIALS_ERROR, problemText, SOMETHING_WENT_WRONG, SUBSCRIPTION_EXPIRED } from '../../client/api.ts';
import { navigate } from '../../client/navigation.ts';
import { showAlertAfterNavigation } from '../../client/stores/alerts.ts';
import { browsePath } from '../../shared/page-addresses.ts';

/** The server's answer for a version that does not exist, also used for an address that names none. */
export const VERSION_NOT_FOUND = 'Version not found';

/**
 * The latest version (no `version`), or version `version`; `null` asks for a version the address cannot name.
 * A page's first read (its page data names it `document`, or `version`).
 */
export function readDocument(id: string, version?: number | null): Promise<Document> {
  if (version === null) return Promise.reject(new ApiError(404, VERSION_NOT_FOUND));
  return version === undefined ? api.documentation.document(id, 'document') : api.documentation.documentVersion(id, version, 'version');
}

/** The failure path of a document that could not be loaded: its detail as a warning on the browse page. */
export async function leaveDocument(id: string, version: number | null | undefined, err: unknown): Promise<never> {
  const detail = err instanceof ApiError ? err.detail : '';
  // The session store already leaves for /login or /billing on these.
  if (detail !== CREDENTIALS_ERROR && detail !== SUBSCRIPTION_EXPIRED) {
    // A missing version of a readable document: its folder is known from the latest version.
    const folderId = version === undefined ? undefined : await api.documentation.document(id).then((d) => d.folder_id, () => undefined);
    showAlertAfterNavigation('warning', problemText(err, SOMETHING_WENT_WRONG));
    navigate(browsePath(folderId), { replace: true });
  }
  return new Promise<never>(() => undefined);
}
