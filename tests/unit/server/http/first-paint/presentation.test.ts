/**
 * A presentation's first page in its first HTML (src/server/http/first-paint/presentation.ts): a picture
 * page whose size the page carries is drawn as an <img> with its width and height, at the address the API
 * gave for it, in the viewer's frame with the viewer's stylesheet; nothing for a page without a size, a
 * page that is no picture, or without an address.
 */
import { describe, expect, it } from 'vitest';
import { attrsOf, childElements, one, outline, readHtml, select, textOf } from '../../../../support/html.ts';
import type { Document } from '../../../../../src/shared/api/documentation.ts';
import { presentationBodyHtml, type ReadAsPage } from '../../../../../src/server/http/first-paint/presentation.ts';

const ID = '0190a0b0-0000-7000-8000-000000000001';
const MEDIA = '0190a0b0-0000-7000-8000-0000000000aa';
const page = (extra: Record<string, unknown> = {}) => ({
  pageID: 'p1',
  description: '',
  content_type: 'image/jpeg',
  media: MEDIA,
  media_thumb: null,
  filename: 'one.jpg',
  size: 10,
  lastModified: 0,
  shapes: [],
  width: 800,
  height: 450,
  ...extra,
});
const presentation = (first: Record<string, unknown>) =>
  ({ id: ID, doctype: 'presentation', description: 'About <it>', contents: { pages: { p1: first, p2: page({ pageID: 'p2' }) }, page_index: ['p1', 'p2'] } }) as unknown as Document;

const URL = `https://rb.example/api/v1/media/${ID}/${MEDIA}?expires=1&signature=a&b`;
const asked: string[] = [];
const read: ReadAsPage = async (address) => {
  asked.push(address);
  return { status: 200, body: { results: [{ upload_id: MEDIA, url: URL, expires_at: '' }], total: 1 } };
};

describe('presentationBodyHtml', () => {
  it('draws the first page with its width and height at the address the API gave, in the viewer’s frame and stylesheet', async () => {
    const html = (await presentationBodyHtml(presentation(page()), read))!;
    expect(asked).toEqual([`documentation/documents/${ID}/media-urls?upload_id=${MEDIA}`]);
    expect(attrsOf(one(html, 'img.pv-first-image'))).toMatchObject({ class: 'pv-first-image', 'data-first-image': MEDIA, src: URL, width: '800', height: '450', alt: '' });
    expect(attrsOf(one(html, 'div.pv-stage-area'))).toEqual({ class: 'pv-stage-area', style: '--page-aspect: 800 / 450' });
    expect(outline(one(html, 'span.pv-counter'))).toEqual({ tag: 'span', attrs: { class: 'pv-counter' }, text: 'Page 1 of 2' });
    expect(outline(one(html, 'p.document-description'))).toEqual({ tag: 'p', attrs: { class: 'document-description' }, text: 'About <it>' });
    expect(childElements(one(html, 'p.document-description'))).toEqual([]); // escaped
    expect(attrsOf(one(html, 'div.presentation-viewer'))).toEqual({ class: 'presentation-viewer', 'data-first-paint': '', inert: '', 'aria-hidden': 'true' });
    const [style] = childElements(readHtml(html));
    expect(style!.tagName).toBe('style');
    expect(textOf(style!)).toContain('.pv-first-image {');
  });

  it('offers a page’s phone-size picture beside the full one (srcset, sizes): a phone fetches the small one', async () => {
    const SMALL = '0190a0b0-0000-7000-8000-0000000000bb';
    const SMALL_URL = `https://rb.example/api/v1/media/${ID}/${SMALL}?expires=1&signature=s`;
    const both: string[] = [];
    const html = (await presentationBodyHtml(presentation(page({ media_small: SMALL, width: 2560, height: 1440 })), async (address) => {
      both.push(address);
      return { status: 200, body: { results: [{ upload_id: MEDIA, url: URL, expires_at: '' }, { upload_id: SMALL, url: SMALL_URL, expires_at: '' }], total: 2 } };
    }))!;
    expect(both).toEqual([`documentation/documents/${ID}/media-urls?upload_id=${MEDIA}&upload_id=${SMALL}`]);
    expect(attrsOf(one(html, 'img.pv-first-image'))).toMatchObject({ src: URL, srcset: `${SMALL_URL} 1280w, ${URL} 2560w`, sizes: '100vw', width: '2560', height: '1440' });
    // Without an address for the small picture, or a page too small for one: the full picture alone.
    expect(select((await presentationBodyHtml(presentation(page({ media_small: SMALL, width: 2560, height: 1440 })), read))!, '[srcset]')).toEqual([]);
    expect(select((await presentationBodyHtml(presentation(page({ media_small: SMALL })), read))!, '[srcset]')).toEqual([]);
  });

  it('draws nothing for a page without its size (stored before), a page that is no picture, or without an address', async () => {
    expect(await presentationBodyHtml(presentation(page({ width: undefined, height: undefined })), read)).toBeUndefined();
    expect(await presentationBodyHtml(presentation(page({ content_type: 'application/pdf' })), read)).toBeUndefined();
    expect(await presentationBodyHtml(presentation(page()), async () => ({ status: 404, body: { detail: 'Not found' } }))).toBeUndefined();
    expect(await presentationBodyHtml(presentation(page()), async () => ({ status: 200, body: { results: [], total: 0 } }))).toBeUndefined();
  });
});
