/**
 * /documentation/media/{document_id}/{upload_id} (issue #32): the lasting address of one photo of an answer,
 * as the results CSV writes it. The reader's own rights decide: `media-urls` (Read on the checklist) hands
 * a signed address for the upload, and the page is replaced by the file itself (the browser shows or
 * downloads it, as its type says). A photo the reader may not see, or one that is gone, says so.
 */
import { api } from '../../client/api.ts';
import { pathSegment } from '../../client/addresses.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { element } from '../../client/dom.ts';

export const MEDIA_NOT_AVAILABLE = 'This photo is not available: it may have been removed, or you may not have access to its checklist.';

export async function mountMediaPage(): Promise<void> {
  const documentId = pathSegment(2);
  const uploadId = pathSegment(3);
  const { data: media } = await signedInPage(() =>
    api.documentation.mediaUrls(documentId, [uploadId]).then(
      (list) => list.results.find((m) => m.upload_id === uploadId),
      (err: unknown) => console.warn('The photo could not be read:', err),
    ),
  );
  if (media) {
    location.replace(media.url);
    return;
  }
  element('media-status').textContent = MEDIA_NOT_AVAILABLE;
}
