/**
 * A presentation's view page, drawn by the server (issue #31): its first page's image in the viewer's
 * frame (src/shared/first-paint/presentation.ts), with the viewer's own stylesheet beside it (the viewer
 * adds the same when it mounts, islands/presentation-viewer/mount.ts, and replaces the frame in the same
 * boxes). Only when the first page is a picture whose size the page carries (pages stored since #31: the
 * editor writes it) — without it the image would move what is below it as it arrives — and an address
 * of it was given (`media-urls`, asked through the API as the page's login, with its checks). A page with a
 * phone-size picture (src/shared/presentations/small-picture.ts) offers both through `srcset`: a phone fetches
 * the small one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Document } from '../../../shared/api/documentation.ts';
import type { List } from '../../../shared/api/list.ts';
import * as paths from '../../../shared/api/paths.ts';
import { presentationFirstPageMarkup } from '../../../shared/first-paint/presentation.ts';
import { pageImageSize, type PresentationContents } from '../../../shared/presentations/model.ts';
import { smallPictureOf } from '../../../shared/presentations/small-picture.ts';
import type { MediaUrl } from '../../../shared/api/documentation.ts';
import type { PageAnswer } from '../../../shared/page-data.ts';

/**
 * The viewer's stylesheet: beside the server's bundle (scripts/build-server.mjs copies it there), or in the
 * sources (the dev server, the tests, the bench). Read once, on first use.
 */
const STYLESHEETS = [
  new URL('./presentation-viewer.css', import.meta.url),
  new URL('../../../../islands/presentation-viewer/presentation-viewer.css', import.meta.url),
].map((url) => fileURLToPath(url));
let styles: string | undefined;
const viewerStyles = (): string => (styles ??= readFileSync(STYLESHEETS.find((file) => existsSync(file)) ?? STYLESHEETS[1]!, 'utf8'));

/** One more API read as the page's login (undefined: not answered). */
export type ReadAsPage = (address: string) => Promise<PageAnswer | undefined>;

/** The first page of `doc` as the first HTML draws it; undefined when it is not a picture of known size, or has no address. */
export async function presentationBodyHtml(doc: Document, read: ReadAsPage): Promise<string | undefined> {
  const contents = doc.contents as Partial<PresentationContents> | null;
  const pageCount = contents?.page_index?.length ?? 0;
  const first = contents?.pages?.[contents.page_index?.[0] ?? ''];
  const size = first && first.content_type.startsWith('image/') ? pageImageSize(first) : undefined;
  if (!first || !size) return undefined;
  // Its phone-size picture too, when it has one (the browser picks by the screen: srcset and sizes).
  const small = smallPictureOf(first);
  const ids = [first.media, ...(small ? [small.media] : [])];
  const answer = await read(`${paths.documentation.mediaUrls(doc.id)}?${ids.map((id) => `upload_id=${encodeURIComponent(id)}`).join('&')}`);
  const urls = answer?.status === 200 ? (answer.body as List<MediaUrl>).results : [];
  const src = urls.find((m) => m.upload_id === first.media)?.url;
  if (!src) return undefined;
  const smallSrc = small && urls.find((m) => m.upload_id === small.media)?.url;
  return presentationFirstPageMarkup(
    { description: doc.description, pageCount, media: first.media, src, ...size, ...(small && smallSrc ? { small: { src: smallSrc, width: small.width } } : {}) },
    viewerStyles(),
  );
}
