/**
 * A presentation's media for the viewer, fetched so that the first page image paints one API level
 * after the document (docs/performance.md "Fast on slow networks"):
 * - a page image is read straight from `documents/{id}/media/{upload}` with the bearer token (no
 *   media-urls round trip first), decoded, and kept per upload (the next page is fetched ahead); the first
 *   page's is the server's first-paint <img> when there is one, whichever of the page's pictures the
 *   browser chose from its `srcset`;
 * - thumbnails and videos need addresses an <img> or <video> can load: one `media-urls` call for the
 *   thumbnails (100 ids a call), sent beside the first image, asked again once if they have expired;
 * - downloads (a PDF or another file) are the bearer read saved under the page's file name.
 */
import { api } from '../../src/client/api.ts';
import { saveBlob } from '../../src/client/dom.ts';
import { mediaUrls } from '../../src/client/uploads.ts';
import type { Page } from '../../src/shared/presentations/model.ts';
import { pageImage, takeServerImage } from './first-page.ts';

const BATCH = 100;

export class PageMedia {
  private readonly images = new Map<string, Promise<HTMLImageElement>>();
  private readonly urls = new Map<string, Promise<string | null>>();

  constructor(private readonly documentId: string) {}

  /**
   * A picture page's image to draw first, `uploadId` being the one wanted (its small picture or its media),
   * and the upload it shows: the server's first-paint image of the page when there is one (once; whichever
   * picture the browser chose from its `srcset`, kept as that upload), else `image(uploadId)`.
   */
  picture(page: Pick<Page, 'media' | 'media_small' | 'content_type'>, uploadId: string): Promise<{ image: HTMLImageElement; media: string }> {
    const read = () => this.image(uploadId, page.content_type).then((image) => ({ image, media: uploadId }));
    const fromServer = takeServerImage(this.documentId, page.media);
    if (!fromServer) return read();
    return fromServer.then((image) => {
      const media = page.media_small && showsFirstCandidate(image) ? page.media_small : page.media;
      if (!this.images.has(media)) this.images.set(media, Promise.resolve(image));
      return { image, media };
    }, read);
  }

  /** The page image of one upload, decoded (fetched once per upload). */
  image(uploadId: string, type: string): Promise<HTMLImageElement> {
    let found = this.images.get(uploadId);
    if (!found) {
      // The first: read with the document's arrival (./first-page.ts), or now.
      found = pageImage(this.documentId, uploadId, type).then(decoded);
      found.catch(() => this.images.delete(uploadId)); // a failed read is tried again next time
      this.images.set(uploadId, found);
    }
    return found;
  }

  /** Addresses for <img>/<video> of these uploads, asked for in calls of 100 (null: not available). */
  addresses(uploadIds: readonly string[]): Map<string, Promise<string | null>> {
    const wanted = [...new Set(uploadIds)].filter((id) => !this.urls.has(id));
    for (let start = 0; start < wanted.length; start += BATCH) {
      const batch = wanted.slice(start, start + BATCH);
      const answer = mediaUrls(this.documentId, batch).then((list) => new Map(list.map((m) => [m.upload_id, m.url])));
      for (const id of batch) {
        this.urls.set(
          id,
          answer.then(
            (found) => found.get(id) ?? null,
            () => null,
          ),
        );
      }
    }
    return new Map(uploadIds.map((id) => [id, this.urls.get(id) ?? Promise.resolve(null)]));
  }

  /** A fresh address for one upload (the one we had expired). */
  refresh(uploadId: string): Promise<string | null> {
    this.urls.delete(uploadId);
    return this.addresses([uploadId]).get(uploadId) ?? Promise.resolve(null);
  }

  /** Saves a page's file to the device under its own name. */
  async download(uploadId: string, type: string, filename: string): Promise<void> {
    const blob = await api.documentation.media(this.documentId, uploadId, type);
    saveBlob(blob, filename);
  }

  /** Lets go of the decoded images. */
  forget(): void {
    this.images.clear();
    this.urls.clear();
  }
}

/**
 * Whether the browser drew the server's image from its first `srcset` candidate, the page's phone-size
 * picture (src/shared/first-paint/presentation.ts writes it first). Its `naturalWidth` cannot tell: with
 * `w` candidates it is corrected by the density the browser chose.
 */
export function showsFirstCandidate(image: HTMLImageElement): boolean {
  const first = (image.getAttribute('srcset') ?? '').trim().split(/\s+/)[0];
  return !!first && image.currentSrc === new URL(first, location.href).href;
}

async function decoded(blob: Blob): Promise<HTMLImageElement> {
  const address = URL.createObjectURL(blob);
  const image = new Image();
  image.src = address;
  try {
    await image.decode();
  } finally {
    // Decoded pixels stay with the element; the blob address is no longer needed.
    URL.revokeObjectURL(address);
  }
  return image;
}
