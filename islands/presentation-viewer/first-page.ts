/**
 * A presentation's first page image, read the moment the document is in (the doctype registry's
 * `firstReads`, called by the view page) beside the viewer's code — not once the viewer and Konva have
 * loaded: on a slow phone that is a round trip (562 ms) sooner. The viewer's media (page-media.ts) takes
 * the read over through `pageImage`, once, and asks afresh otherwise. Light: the document page loads it
 * with the registry, so it imports neither the model nor the viewer (page-order.ts has the pages' order).
 */
import { api } from '../../src/client/api.ts';
import type { Document } from '../../src/shared/api/documentation.ts';
import { storedContentType, storedPages } from './page-order.ts';

/** The first page, when it is an image the viewer draws on the canvas (a PDF, video or file is not read ahead). */
export function firstPageImage(contents: unknown): { media: string; contentType: string } | undefined {
  const [first] = storedPages(contents);
  if (!first) return undefined;
  const contentType = storedContentType(first[1]);
  return contentType.startsWith('image/') ? { media: first[1].media, contentType } : undefined;
}

const started = new Map<string, Promise<Blob>>();
const key = (documentId: string, uploadId: string) => `${documentId}/${uploadId}`;

/** Starts reading the viewer's first page image now (the viewer only: a presentation has no results grid). */
export function startFirstPage(document: Pick<Document, 'id' | 'contents'>, screen: 'viewer' | 'results'): void {
  const image = screen === 'viewer' ? firstPageImage(document.contents) : undefined;
  if (!image) return;
  const read = api.documentation.media(document.id, image.media, image.contentType);
  read.catch(() => undefined); // the viewer that takes it reads the failure
  started.set(key(document.id, image.media), read);
}

/** A page's image: the read started for it, once; otherwise a new one. */
export function pageImage(documentId: string, uploadId: string, type: string): Promise<Blob> {
  const at = key(documentId, uploadId);
  const read = started.get(at);
  started.delete(at);
  return read ?? api.documentation.media(documentId, uploadId, type);
}
