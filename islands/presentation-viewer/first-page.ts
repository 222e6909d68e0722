/**
 * A presentation's first page image, read the moment the document is in (the doctype registry's
 * `pageReads`, called by the view page) beside the viewer's code — not once the viewer and Konva have
 * loaded: on a slow phone that is a round trip (562 ms) sooner. The viewer's media (page-media.ts) takes
 * the read over through `pageImage`, once, and asks afresh otherwise. When the page's first HTML drew the
 * image (the server's first paint, issue #31), nothing is read: the viewer draws that element. A page with a
 * phone-size picture is read small when that is as wide as the screen (src/shared/presentations/small-picture.ts
 * `pictureFor`, as the viewer picks). Light: the document page loads it with the registry, so it imports neither
 * the viewer nor anything heavy (page-order.ts has the pages' order).
 */
import { api } from '../../src/client/api.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import type { Page } from '../../src/shared/presentations/model.ts';
import { pictureFor } from '../../src/shared/presentations/small-picture.ts';
import { storedContentType, storedPages } from './page-order.ts';

const started = new Map<string, Promise<Blob>>();
const key = (documentId: string, uploadId: string) => `${documentId}/${uploadId}`;

/** The screen's width in device pixels: what a picture drawn across it needs (the first paint's `sizes="100vw"`). */
export function screenPixels(): number {
  return innerWidth * devicePixelRatio;
}

/**
 * The first page, when it is an image the viewer draws on the canvas (a PDF, video or file is not read
 * ahead): its media, and the upload to read for a screen `screen` device pixels wide (its small picture or itself).
 */
export function firstPageImage(contents: unknown, screen = Infinity): { media: string; contentType: string; read: string } | undefined {
  const [first] = storedPages(contents);
  if (!first) return undefined;
  const contentType = storedContentType(first[1]);
  return contentType.startsWith('image/') ? { media: first[1].media, contentType, read: pictureFor(first[1] as unknown as Page, screen) } : undefined;
}


/**
 * The first page's image the server drew into the page's first HTML (src/shared/first-paint/presentation.ts),
 * when it is from this site (a picture from another origin, the S3 driver's, would taint the canvas): the
 * viewer draws that element rather than reading the file again.
 */
function serverImage(container: ParentNode, uploadId: string): HTMLImageElement | undefined {
  const image = container.querySelector<HTMLImageElement>(`img[data-first-image="${CSS.escape(uploadId)}"]`);
  if (!image) return undefined;
  return new URL(image.currentSrc || image.src, location.href).origin === location.origin ? image : undefined;
}

const adopted = new Map<string, HTMLImageElement>();

/** Takes the server's first image out of `container` before the viewer replaces its contents (mount.ts). */
export function adoptServerImage(container: ParentNode, doc: Pick<Document, 'id' | 'contents'>): void {
  const first = firstPageImage(doc.contents);
  const image = first ? serverImage(container, first.media) : undefined;
  if (first && image) adopted.set(key(doc.id, first.media), image);
}

/** The server's image of this page, decoded, once (undefined: there is none, read the file). */
export function takeServerImage(documentId: string, uploadId: string): Promise<HTMLImageElement> | undefined {
  const at = key(documentId, uploadId);
  const image = adopted.get(at);
  adopted.delete(at);
  return image?.decode().then(() => image);
}

/** Starts reading the viewer's first page image now (the viewer only: a presentation has no results grid). */
export function startFirstPage(document: Pick<Document, 'id' | 'contents'>, screen: 'viewer' | 'results'): void {
  const image = screen === 'viewer' ? firstPageImage(document.contents, screenPixels()) : undefined;
  // The page's HTML brought it (the server's first paint): the viewer takes that one.
  if (!image || serverImage(globalThis.document, image.media)) return;
  const read = api.documentation.media(document.id, image.read, image.contentType);
  read.catch(() => undefined); // the viewer that takes it reads the failure
  started.set(key(document.id, image.read), read);
}

/** A page's image: the read started for it, once; otherwise a new one. */
export function pageImage(documentId: string, uploadId: string, type: string): Promise<Blob> {
  const at = key(documentId, uploadId);
  const read = started.get(at);
  started.delete(at);
  return read ?? api.documentation.media(documentId, uploadId, type);
}
