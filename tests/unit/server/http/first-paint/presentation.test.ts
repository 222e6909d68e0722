/**
 * A presentation's first page in its first HTML (src/server/http/first-paint/presentation.ts): a picture
 * page whose size the page carries is drawn as an <img> with its width and height, at the address the API
 * gave for it, in the viewer's frame with the viewer's stylesheet; nothing for a page without a size, a
 * page that is no picture, or without an address.
 */
import { describe, expect, it } from 'vitest';
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
    expect(html).toContain(`<img class="pv-first-image" data-first-image="${MEDIA}" src="https://rb.example/api/v1/media/${ID}/${MEDIA}?expires=1&#38;signature=a&#38;b" width="800" height="450" alt=""`);
    expect(html).toContain('<div class="pv-stage-area" style="--page-aspect: 800 / 450">');
    expect(html).toContain('<span class="pv-counter">Page 1 of 2</span>');
    expect(html).toContain('<p class="document-description">About &#60;it&#62;</p>');
    expect(html).toContain('<div class="presentation-viewer" data-first-paint inert aria-hidden="true">');
    expect(html).toMatch(/^<style>[^<]*\.pv-first-image \{[^<]*<\/style>/);
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
    expect(html).toContain(
      `src="https://rb.example/api/v1/media/${ID}/${MEDIA}?expires=1&#38;signature=a&#38;b" srcset="https://rb.example/api/v1/media/${ID}/${SMALL}?expires=1&#38;signature=s 1280w, https://rb.example/api/v1/media/${ID}/${MEDIA}?expires=1&#38;signature=a&#38;b 2560w" sizes="100vw" width="2560" height="1440"`,
    );
    // Without an address for the small picture, or a page too small for one: the full picture alone.
    expect((await presentationBodyHtml(presentation(page({ media_small: SMALL, width: 2560, height: 1440 })), read))!).not.toContain('srcset');
    expect((await presentationBodyHtml(presentation(page({ media_small: SMALL })), read))!).not.toContain('srcset');
  });

  it('draws nothing for a page without its size (stored before), a page that is no picture, or without an address', async () => {
    expect(await presentationBodyHtml(presentation(page({ width: undefined, height: undefined })), read)).toBeUndefined();
    expect(await presentationBodyHtml(presentation(page({ content_type: 'application/pdf' })), read)).toBeUndefined();
    expect(await presentationBodyHtml(presentation(page()), async () => ({ status: 404, body: { detail: 'Not found' } }))).toBeUndefined();
    expect(await presentationBodyHtml(presentation(page()), async () => ({ status: 200, body: { results: [], total: 0 } }))).toBeUndefined();
  });
});
