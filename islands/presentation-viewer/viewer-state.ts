/**
 * The presentation viewer's rules as pure functions (unit-tested): which pages to show and in what
 * order, moving between them, selecting a shape (twice: zoom), the annotation list's wording, the
 * panels' limits (documentation §2 "Viewer", §4 "Presentation view", §9).
 */
import { SHAPE_KINDS, SHAPE_COLOURS, isImagePage, type Page, type Shape } from '../../src/shared/presentations/model.ts';
import { storedContentType, storedPages } from './page-order.ts';

/** The annotation panel's default width: 20 % of the page (§9). */
export const ANNOTATION_PANEL_SHARE = 0.2;
/** The annotation panel's smallest width, and the bottom panel's smallest height (§9). */
export const ANNOTATION_PANEL_MIN = 5;
export const BOTTOM_PANEL_MIN = 15;
/** The bottom panel (the thumbnail strip) at first. */
export const BOTTOM_PANEL_DEFAULT = 150;
/** How far one arrow key moves a panel's edge. */
export const PANEL_KEY_STEP = 16;

export const EMPTY_PRESENTATION = '--Empty--';

/**
 * The pages in `page_index` order — only ids that have a page, each once (page-order.ts) — with every shape that can be
 * drawn (a shape the model does not know is left out rather than breaking the page).
 */
export function orderedPages(contents: unknown): Page[] {
  return storedPages(contents).map(([id, stored]) => {
    const page = stored as unknown as Page;
    return {
      ...page,
      pageID: id,
      description: typeof page.description === 'string' ? page.description : '',
      content_type: storedContentType(stored),
      media_thumb: typeof page.media_thumb === 'string' ? page.media_thumb : null,
      media_small: typeof page.media_small === 'string' ? page.media_small : undefined,
      shapes: Array.isArray(page.shapes) ? page.shapes.filter(isDrawable) : [],
    };
  });
}

function isDrawable(shape: unknown): shape is Shape {
  if (!shape || typeof shape !== 'object') return false;
  const s = shape as Partial<Shape>;
  return (
    typeof s.id === 'string' &&
    [s.x, s.y, s.width, s.height, s.rotation, s.strokeWidth].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    (SHAPE_KINDS as readonly unknown[]).includes(s.shape) &&
    (SHAPE_COLOURS as readonly unknown[]).includes(s.color)
  );
}

/** The page a key moves to from `index` of `count` (null: the key does not move). */
export function pageAfterKey(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowUp':
    case 'PageUp':
      return index > 0 ? index - 1 : null;
    case 'ArrowRight':
    case 'ArrowDown':
    case 'PageDown':
      return index < count - 1 ? index + 1 : null;
    case 'Home':
      return index !== 0 ? 0 : null;
    case 'End':
      return index !== count - 1 ? count - 1 : null;
    default:
      return null;
  }
}

/**
 * Selecting a shape (on the canvas or in the annotation list): a first select selects it; selecting the
 * selected shape again zooms onto it (§4 "selecting a shape twice zooms to 2x"). null: nothing selected.
 */
export function selectShape(selected: string | null, chosen: string | null): { selected: string | null; zoom: boolean } {
  if (chosen === null) return { selected: null, zoom: false };
  return { selected: chosen, zoom: chosen === selected };
}


/** What a page holds, as the viewer treats it. */
export type PageKind = 'image' | 'video' | 'pdf' | 'file';

export function pageKind(page: Pick<Page, 'content_type'>): PageKind {
  if (isImagePage(page)) return 'image';
  if (page.content_type.startsWith('video/')) return 'video';
  if (page.content_type === 'application/pdf') return 'pdf';
  return 'file';
}

/** The short word on a thumbnail without a picture. */
export function kindBadge(page: Pick<Page, 'content_type' | 'filename'>): string {
  const kind = pageKind(page);
  if (kind === 'pdf') return 'PDF';
  if (kind === 'video') return 'Video';
  const extension = /\.([a-z0-9]{1,5})$/i.exec(page.filename)?.[1];
  return extension ? extension.toUpperCase() : 'File';
}

/** A file's size for people: '812 bytes', '14.2 KB', '3.4 MB'. */
export function fileSize(bytes: number): string {
  if (!(bytes >= 1024)) return `${Math.max(0, Math.round(bytes || 0))} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A panel's size within [min, max] (max never below min). */
export function clampPanel(size: number, min: number, max: number): number {
  return Math.round(Math.min(Math.max(min, max), Math.max(min, size)));
}

/**
 * Whether a page's small picture (src/shared/presentations/small-picture.ts), `drawnWidth` pixels wide, drawn
 * for a page `pageWidth` units wide at `scale` CSS pixels a unit (the canvas's scale: its fit times its zoom)
 * on a screen of `devicePixelRatio`, is less sharp than the screen: then the full picture is wanted. Zooming
 * in past the small picture's pixels asks for the full one.
 */
export function sharperPictureWanted(drawnWidth: number, pageWidth: number, scale: number, devicePixelRatio: number): boolean {
  return drawnWidth < pageWidth && pageWidth * scale * devicePixelRatio > drawnWidth;
}
