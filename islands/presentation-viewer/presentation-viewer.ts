/**
 * The presentation viewer (documentation §2 "Viewer", §4 "Presentation view", §9): a light screen (no
 * React) — the page toolbar, the canvas (THE presentation canvas, islands/shared/presentation-canvas),
 * the annotation panel (the page's markdown description and its shapes) and the thumbnail strip, with
 * resizable panels that stack on a phone.
 *
 * - Selecting a thumbnail (also the current one) shows its page at zoom 1. Selecting a shape — on the
 *   canvas or in the annotation list — selects it; selecting it again zooms to 2× onto it.
 * - Left/Right (and Up/Down, Home/End) anywhere on the page move between pages, except where those keys
 *   already mean something (a field, a panel handle, a video, an open dialog).
 * - A PDF, video or other file page: 'Download' in the page toolbar saves it; a video also plays inline.
 * - A picture page with a phone-size picture (src/shared/presentations/small-picture.ts) is drawn from it while
 *   it is as wide as the screen, at the page's own size (the shapes' units); zoomed in beyond its pixels, the
 *   full picture is read and takes its place. Other pages are drawn from their media, as they always were.
 */
import type { Document } from '../../src/shared/api/documentation.ts';
import { pageImageSize, pageTitle, type Page } from '../../src/shared/presentations/model.ts';
import { shapeName } from '../../src/shared/presentations/shape-name.ts';
import { pictureFor, smallPictureOf } from '../../src/shared/presentations/small-picture.ts';
import { renderMarkdown } from '../../src/client/markdown.ts';
import { PageStage } from '../shared/presentation-canvas/index.ts';
import { screenPixels } from './first-page.ts';
import { PageMedia } from './page-media.ts';
import { Splitter } from './panels.ts';
import {
  ANNOTATION_PANEL_MIN,
  ANNOTATION_PANEL_SHARE,
  BOTTOM_PANEL_DEFAULT,
  BOTTOM_PANEL_MIN,
  fileSize,
  kindBadge,
  pageAfterKey,
  pageKind,
  selectShape,
  sharperPictureWanted,
} from './viewer-state.ts';

/** The performance mark set when the first page image is on the canvas (npm run bench reads it). */
export const FIRST_IMAGE_MARK = 'rb:presentation-first-image';

type Attributes = Record<string, string | boolean | undefined>;

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === 'class') node.className = String(value);
    else node.setAttribute(name, value === true ? '' : value);
  }
  node.append(...children);
  return node;
}

const ZOOM_STEP = 1.5;

export class PresentationViewer {
  private index = 0;
  private selected: string | null = null;
  private shown = 0; // which goTo is current (a late image of an earlier page is dropped)
  private painted = false;
  /** The page's small picture on the canvas (its width in pixels), and whether the full one is asked for. */
  private drawn: { page: Page; width: number; sharpening: boolean } | null = null;
  private readonly media: PageMedia;
  private readonly stage: PageStage;
  private readonly thumbs: HTMLButtonElement[] = [];

  private readonly root = h('div', { class: 'presentation-viewer' });
  private readonly counter = h('span', { class: 'pv-counter', 'aria-live': 'polite' });
  private readonly previousButton = h('button', { type: 'button', class: 'button secondary', 'aria-label': 'Previous page' }, 'Previous');
  private readonly nextButton = h('button', { type: 'button', class: 'button secondary', 'aria-label': 'Next page' }, 'Next');
  private readonly zoomOutButton = h('button', { type: 'button', class: 'button secondary pv-icon', 'aria-label': 'Zoom out', title: 'Zoom out' }, '−');
  private readonly zoomInButton = h('button', { type: 'button', class: 'button secondary pv-icon', 'aria-label': 'Zoom in', title: 'Zoom in' }, '+');
  private readonly resetButton = h('button', { type: 'button', class: 'button secondary' }, 'Reset zoom');
  private readonly downloadButton = h('button', { type: 'button', class: 'button', hidden: true }, 'Download');
  private readonly canvas = h('div', { class: 'pv-canvas', role: 'img' });
  private readonly mediaPanel = h('div', { class: 'pv-media', hidden: true });
  private readonly status = h('p', { class: 'pv-status', role: 'status' });
  private readonly stageArea = h('div', { class: 'pv-stage-area' }, this.canvas, this.mediaPanel, this.status);
  private readonly description = h('div', { class: 'pv-description markdown' });
  private readonly annotationList = h('ul', { class: 'pv-annotation-list' });
  private readonly noAnnotations = h('p', { class: 'pv-muted', hidden: true }, 'No annotations on this page.');
  private readonly annotations = h(
    'aside',
    { class: 'pv-annotations', id: 'pv-annotations', 'aria-labelledby': 'pv-annotations-heading' },
    h('h2', { class: 'pv-heading', id: 'pv-description-heading' }, 'Description'),
    this.description,
    h('h2', { class: 'pv-heading', id: 'pv-annotations-heading' }, 'Annotations'),
    this.annotationList,
    this.noAnnotations,
  );
  private readonly strip = h('nav', { class: 'pv-strip', id: 'pv-strip', 'aria-label': 'Pages' });
  private readonly sideHandle = h('div', { class: 'pv-handle pv-handle-side' });
  private readonly bottomHandle = h('div', { class: 'pv-handle pv-handle-bottom' });

  constructor(
    container: HTMLElement,
    doc: Pick<Document, 'id' | 'description'>,
    private readonly pages: readonly Page[],
  ) {
    this.media = new PageMedia(doc.id);
    const toolbar = h(
      'div',
      { class: 'pv-toolbar', role: 'toolbar', 'aria-label': 'Page tools' },
      this.counter,
      this.previousButton,
      this.nextButton,
      h('span', { class: 'pv-zoom' }, this.zoomOutButton, this.zoomInButton, this.resetButton),
      this.downloadButton,
    );
    const main = h('div', { class: 'pv-main' }, this.stageArea, this.sideHandle, this.annotations);
    const body = h('div', { class: 'pv-body' }, main, this.bottomHandle, this.strip);
    const about = doc.description.trim() === '' ? [] : [h('p', { class: 'document-description' }, doc.description)];
    this.root.append(...about, toolbar, body);
    this.strip.append(this.thumbnailList());
    container.replaceChildren(this.root);

    this.stage = new PageStage(this.canvas as HTMLDivElement, {
      onShapeClick: (id) => this.choose(id),
      onViewChange: (view) => {
        this.zoomOutButton.disabled = view.zoom <= 1;
        this.resetButton.disabled = view.zoom <= 1;
        this.sharpen();
      },
    });
    const side = new Splitter({
      handle: this.sideHandle,
      panel: this.annotations,
      dimension: 'width',
      label: 'Resize the annotation panel',
      min: ANNOTATION_PANEL_MIN,
      max: () => Math.max(ANNOTATION_PANEL_MIN, main.clientWidth - 120),
      initial: () => main.clientWidth * ANNOTATION_PANEL_SHARE,
    });
    const bottom = new Splitter({
      handle: this.bottomHandle,
      panel: this.strip,
      dimension: 'height',
      label: 'Resize the page strip',
      min: BOTTOM_PANEL_MIN,
      max: () => Math.max(BOTTOM_PANEL_MIN, body.clientHeight - 160),
      initial: () => BOTTOM_PANEL_DEFAULT,
    });
    window.addEventListener('resize', () => {
      side.refit();
      bottom.refit();
    });

    this.previousButton.addEventListener('click', () => this.goTo(this.index - 1));
    this.nextButton.addEventListener('click', () => this.goTo(this.index + 1));
    this.zoomInButton.addEventListener('click', () => this.stage.zoomBy(ZOOM_STEP));
    this.zoomOutButton.addEventListener('click', () => this.stage.zoomBy(1 / ZOOM_STEP));
    this.resetButton.addEventListener('click', () => this.stage.resetZoom());
    this.downloadButton.addEventListener('click', () => void this.download());
    document.addEventListener('keydown', (event) => this.onKey(event));
  }

  /** Shows the first page and asks for the thumbnails' addresses beside its image. */
  start(): void {
    this.goTo(0);
    this.loadThumbnails();
  }

  private thumbnailList(): HTMLOListElement {
    const list = h('ol', { class: 'pv-thumbs' });
    this.pages.forEach((page, i) => {
      const title = pageTitle(page);
      const picture = page.media_thumb
        ? h('img', { class: 'pv-thumb-image', alt: '', loading: 'lazy', decoding: 'async', fetchpriority: 'low', 'data-upload': page.media_thumb })
        : h('span', { class: 'pv-thumb-badge', 'aria-hidden': 'true' }, kindBadge(page));
      const button = h(
        'button',
        { type: 'button', class: 'pv-thumb', 'aria-label': title ? `Page ${i + 1}: ${title}` : `Page ${i + 1}`, tabindex: '-1' },
        h('span', { class: 'pv-thumb-picture' }, picture),
        h('span', { class: 'pv-thumb-title', 'aria-hidden': 'true' }, h('span', { class: 'pv-thumb-number' }, `${i + 1}`), title),
      );
      button.addEventListener('click', () => this.goTo(i));
      this.thumbs.push(button);
      list.append(h('li', {}, button));
    });
    return list;
  }

  private loadThumbnails(): void {
    const ids = this.pages.flatMap((p) => (p.media_thumb ? [p.media_thumb] : []));
    const addresses = this.media.addresses(ids);
    for (const image of this.strip.querySelectorAll<HTMLImageElement>('img[data-upload]')) {
      const upload = image.dataset.upload ?? '';
      void addresses.get(upload)?.then((url) => {
        if (url) image.src = url;
        else image.closest('.pv-thumb-picture')?.classList.add('missing');
      });
      image.addEventListener('error', () => {
        if (image.dataset.retried) return image.closest('.pv-thumb-picture')?.classList.add('missing');
        image.dataset.retried = 'true'; // the address may have expired: one fresh one
        void this.media.refresh(upload).then((url) => {
          if (url) image.src = url;
        });
      });
    }
  }

  /** Shows page `index` at zoom 1 with nothing selected. */
  private goTo(index: number): void {
    if (index < 0 || index >= this.pages.length) return;
    const page = this.pages[index];
    if (!page) return;
    if (index === this.index && this.root.dataset.imageReady === 'true') {
      // The page on screen again: back to zoom 1 with nothing selected, without drawing it anew.
      this.choose(null);
      this.stage.resetZoom();
      return;
    }
    // The first page's thumbnail is the strip's first: showing it scrolls nothing (a phone's page stays where it is).
    const opening = this.root.dataset.pageId === undefined;
    const token = ++this.shown;
    this.drawn = null;
    this.index = index;
    this.selected = null;
    this.root.dataset.pageId = page.pageID;
    this.root.dataset.imageReady = 'false';
    const count = this.pages.length;
    this.counter.textContent = `Page ${index + 1} of ${count}`;
    this.previousButton.disabled = index === 0;
    this.nextButton.disabled = index === count - 1;
    this.thumbs.forEach((thumb, i) => {
      const current = i === index;
      thumb.tabIndex = current ? 0 : -1;
      if (current) thumb.setAttribute('aria-current', 'page');
      else thumb.removeAttribute('aria-current');
    });
    if (!opening) this.thumbs[index]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    this.description.replaceChildren(page.description.trim() === '' ? h('p', { class: 'pv-muted' }, 'No description.') : renderMarkdown(page.description));
    this.renderAnnotations(page);

    const kind = pageKind(page);
    const title = pageTitle(page);
    this.downloadButton.hidden = kind === 'image';
    this.downloadButton.setAttribute('aria-label', `Download ${page.filename}`);
    for (const button of [this.zoomInButton, this.zoomOutButton, this.resetButton]) button.disabled = kind !== 'image';
    this.canvas.hidden = kind !== 'image';
    this.mediaPanel.hidden = kind === 'image';
    if (kind === 'image') {
      this.canvas.setAttribute('aria-label', `Page ${index + 1}${title ? `: ${title}` : ''}, ${page.shapes.length === 1 ? '1 annotation' : `${page.shapes.length} annotations`}`);
      this.stage.show({ image: null, size: { width: 1, height: 1 }, shapes: [] });
      // A page that knows its picture's size (issue #31) takes its proportions now: nothing moves when it arrives.
      const size = pageImageSize(page);
      if (size) this.stageArea.style.setProperty('--page-aspect', `${size.width} / ${size.height}`);
      this.status.textContent = 'Loading page…';
      // A page with a phone-size picture is drawn at its stored size (the shapes' units), whichever picture it is.
      const small = smallPictureOf(page);
      this.media.picture(page, pictureFor(page, screenPixels())).then(
        ({ image, media }) => {
          if (token !== this.shown) return;
          this.status.textContent = '';
          const units = small?.page ?? { width: image.naturalWidth, height: image.naturalHeight };
          // On a phone the canvas takes the page's own proportions (the panels stack below it).
          this.stageArea.style.setProperty('--page-aspect', `${units.width} / ${units.height}`);
          this.stage.show({ image, size: units, shapes: page.shapes });
          this.root.dataset.imageReady = 'true';
          this.root.dataset.picture = small && media === small.media ? 'small' : 'full';
          if (small && media === small.media) {
            this.drawn = { page, width: small.width, sharpening: false };
            this.sharpen();
          }
          this.afterPaint();
        },
        () => {
          if (token === this.shown) this.status.textContent = 'This page could not be loaded.';
        },
      );
    } else {
      this.status.textContent = '';
      this.showMedia(page, kind, token);
    }
  }

  /** When the canvas shows the page's small picture less sharp than the screen (zoomed in): the full picture, in its place. */
  private sharpen(): void {
    const drawn = this.drawn;
    if (!drawn || drawn.sharpening) return;
    const { page, width } = drawn;
    if (!sharperPictureWanted(width, this.stage.pageSize.width, this.stage.currentView.scale, window.devicePixelRatio || 1)) return;
    drawn.sharpening = true;
    const token = this.shown;
    this.media.image(page.media, page.content_type).then(
      (full) => {
        if (token !== this.shown || this.drawn !== drawn) return;
        this.stage.replaceImage(full);
        this.drawn = null; // the full picture: nothing sharper
        this.root.dataset.picture = 'full';
      },
      () => {
        drawn.sharpening = false; // the small picture stays; asked again at the next zoom
      },
    );
  }

  /** The first image is on screen: mark it, then fetch the next page's image ahead. */
  private afterPaint(): void {
    requestAnimationFrame(() => {
      if (!this.painted) {
        this.painted = true;
        performance.mark(FIRST_IMAGE_MARK);
      }
      const next = this.pages[this.index + 1];
      if (next && pageKind(next) === 'image') void this.media.image(pictureFor(next, screenPixels()), next.content_type).catch(() => undefined);
    });
  }

  private showMedia(page: Page, kind: ReturnType<typeof pageKind>, token: number): void {
    const details = h('p', { class: 'pv-file' }, h('span', { class: 'pv-thumb-badge', 'aria-hidden': 'true' }, kindBadge(page)), ` ${page.filename} (${fileSize(page.size)})`);
    if (kind !== 'video') {
      this.mediaPanel.replaceChildren(details, h('p', { class: 'pv-muted' }, 'This page is a file: use Download to open it.'));
      return;
    }
    const video = h('video', { controls: true, preload: 'metadata', playsinline: true, 'aria-label': page.filename });
    this.mediaPanel.replaceChildren(video, details);
    void this.media.addresses([page.media]).get(page.media)?.then((url) => {
      if (token !== this.shown) return;
      if (url) video.src = url;
      else this.status.textContent = 'This video could not be loaded.';
    });
  }

  private renderAnnotations(page: Page): void {
    const clickable = pageKind(page) === 'image';
    this.annotationList.replaceChildren(
      ...page.shapes.map((shape) => {
        const label = shapeName(shape);
        if (!clickable) return h('li', {}, label);
        const button = h(
          'button',
          { type: 'button', class: 'pv-annotation', 'aria-pressed': 'false', 'data-shape': shape.id },
          h('span', { class: `pv-swatch pv-swatch-${shape.color}`, 'aria-hidden': 'true' }),
          label,
        );
        button.addEventListener('click', () => this.choose(shape.id));
        return h('li', {}, button);
      }),
    );
    this.noAnnotations.hidden = page.shapes.length > 0;
  }

  /** A shape chosen on the canvas or in the list (null: the page around the shapes). */
  private choose(id: string | null): void {
    const next = selectShape(this.selected, id);
    this.selected = next.selected;
    this.stage.select(next.selected);
    if (next.zoom && next.selected) this.stage.zoomToShape(next.selected);
    for (const button of this.annotationList.querySelectorAll<HTMLButtonElement>('button[data-shape]')) {
      button.setAttribute('aria-pressed', String(button.dataset.shape === next.selected));
    }
  }

  private async download(): Promise<void> {
    const page = this.pages[this.index];
    if (!page) return;
    this.downloadButton.disabled = true;
    try {
      await this.media.download(page.media, page.content_type, page.filename);
    } catch {
      this.status.textContent = 'The file could not be downloaded.';
    } finally {
      this.downloadButton.disabled = false;
    }
  }

  private onKey(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!this.root.isConnected) return;
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('input, textarea, select, video, [contenteditable=""], [contenteditable="true"], [role="separator"], dialog, sl-dialog, [role="menu"], [role="dialog"]')) return;
    if (document.querySelector('dialog[open], sl-dialog[open]')) return;
    // Up/Down/Home/End move pages only from the strip or the canvas: elsewhere they scroll the page.
    const inViewer = target !== null && this.root.contains(target);
    if (!['ArrowLeft', 'ArrowRight'].includes(event.key) && !(inViewer && this.strip.contains(target))) return;
    const next = pageAfterKey(event.key, this.index, this.pages.length);
    if (next === null) return;
    event.preventDefault();
    const fromStrip = target !== null && this.strip.contains(target);
    this.goTo(next);
    if (fromStrip) this.thumbs[next]?.focus();
  }
}
