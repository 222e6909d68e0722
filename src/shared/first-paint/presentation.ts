/**
 * A presentation's first page as its first paint draws it (issue #31): the viewer's frame
 * (islands/presentation-viewer/presentation-viewer.ts) in its own elements and classes — the description,
 * the page toolbar ('Page 1 of n', Previous, Next, the zoom buttons), the stage with the first page's image
 * fitted as the canvas fits it, the annotation panel and the page strip — with the image's width and height
 * known (the page's stored size), so it takes its room before it arrives. The server writes it into the
 * page's first HTML (src/server/http/first-paint/presentation.ts), inert and hidden from assistive
 * technology; the viewer draws its image (`data-first-image`) and replaces the frame with its own, in the
 * same boxes. A page with a phone-size picture offers it beside the full one (`srcset`, `sizes`): a phone
 * fetches the small one.
 */
import { escapeHtml } from './markup.ts';

export interface FirstPagePicture {
  /** The document's description (the viewer shows it above the toolbar when it has one). */
  description: string;
  pageCount: number;
  /** The first page's upload id, and an address an <img> can load without a bearer token. */
  media: string;
  src: string;
  width: number;
  height: number;
  /** The page's phone-size picture: an address of it and its width (src/shared/presentations/small-picture.ts). */
  small?: { src: string; width: number };
}

/**
 * How wide the picture is drawn, for the browser's pick among `srcset`: at most the window's width (a phone's
 * stage is as wide as the screen; a wider screen's is narrower). The viewer picks by the same figure
 * (small-picture.ts `pictureFor`).
 */
export const FIRST_PICTURE_SIZES = '100vw';

const button = (label: string, extra = '') => `<button type="button" class="button secondary${extra}" disabled>${label}</button>`;

export function presentationFirstPageMarkup(picture: FirstPagePicture, styles: string): string {
  const { description, pageCount, media, src, width, height, small } = picture;
  const about = description.trim() === '' ? '' : `<p class="document-description">${escapeHtml(description)}</p>`;
  const toolbar =
    `<div class="pv-toolbar"><span class="pv-counter">Page 1 of ${pageCount}</span>${button('Previous')}${button('Next')}` +
    `<span class="pv-zoom">${button('−', ' pv-icon')}${button('+', ' pv-icon')}${button('Reset zoom')}</span></div>`;
  // Each picture with its width: the small one first (the viewer reads which one the browser chose from it).
  const choice = small ? ` srcset="${escapeHtml(`${small.src} ${small.width}w, ${src} ${width}w`)}" sizes="${FIRST_PICTURE_SIZES}"` : '';
  const image = `<img class="pv-first-image" data-first-image="${escapeHtml(media)}" src="${escapeHtml(src)}"${choice} width="${width}" height="${height}" alt="" fetchpriority="high">`;
  const stage = `<div class="pv-stage-area" style="--page-aspect: ${width} / ${height}">${image}</div>`;
  const body =
    `<div class="pv-body"><div class="pv-main">${stage}<div class="pv-handle pv-handle-side"></div><aside class="pv-annotations"></aside></div>` +
    `<div class="pv-handle pv-handle-bottom"></div><div class="pv-strip"></div></div>`;
  return `<style>${styles}</style><div class="presentation-viewer" data-first-paint inert aria-hidden="true">${about}${toolbar}${body}</div>`;
}
