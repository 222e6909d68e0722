import { describe, expect, it } from 'vitest';
import type { DocumentContents } from '../../../../../src/shared/api/documentation.ts';
import { idsInContents } from '../../../../../src/server/services/documentation/stored-ids.ts';

const A = '01a20000-0000-7000-8000-00000000000a';
const B = '01a20000-0000-7000-8000-00000000000b';
const C = '01a20000-0000-7000-8000-00000000000c';

describe('idsInContents', () => {
  it("finds a checklist's sheet, each question's media and validation roles and users, at their fields", () => {
    const contents = {
      sheet_id: A,
      questions: {
        q1: { title: 'One', media: B, validation: { enabled: true, roles: [C], users: [A, B] } },
        q2: { title: 'Two', media: null, validation: { enabled: false } },
        q3: { title: 'Three' },
      },
      question_index: ['q1', 'q2', 'q3'],
    } as unknown as DocumentContents;
    expect(idsInContents('form', contents, 'draft_contents')).toEqual([
      { field: 'draft_contents.sheet_id', kind: 'document', id: A },
      { field: 'draft_contents.questions.q1.media', kind: 'upload', id: B },
      { field: 'draft_contents.questions.q1.validation.roles.0', kind: 'role', id: C },
      { field: 'draft_contents.questions.q1.validation.users.0', kind: 'user', id: A },
      { field: 'draft_contents.questions.q1.validation.users.1', kind: 'user', id: B },
    ]);
  });

  it("finds a result sheet's and a report's checklists", () => {
    const sheet = { questions: {}, question_index: [], form_links: {}, form_ids: [A, B] } as DocumentContents;
    for (const doctype of ['sheet', 'report'] as const) {
      expect(idsInContents(doctype, sheet, 'contents')).toEqual([
        { field: 'contents.form_ids.0', kind: 'document', id: A },
        { field: 'contents.form_ids.1', kind: 'document', id: B },
      ]);
    }
    expect(idsInContents('presentation', { pages: {}, page_index: [] }, 'contents')).toEqual([]);
    expect(idsInContents('form', { sheet_id: null, questions: {}, question_index: [] } as DocumentContents, 'contents')).toEqual([]);
  });
});

describe('idsInContents: a presentation', () => {
  it("finds each page's media, thumbnail and phone-size picture (a page without them has none)", () => {
    const page = (pageID: string, media: string, media_thumb: string | null, media_small?: string | null) => ({
      pageID,
      description: '',
      content_type: media_thumb ? ('image/jpeg' as const) : ('application/pdf' as const),
      media,
      media_thumb,
      media_small,
      filename: 'f',
      size: 1,
      lastModified: 0,
      shapes: [],
    });
    const contents = { pages: { p1: page('p1', A, B, A), p2: page('p2', B, null, null), p3: page('p3', A, null) }, page_index: ['p2', 'p1', 'p3'] };
    expect(idsInContents('presentation', contents, 'draft_contents')).toEqual([
      { field: 'draft_contents.pages.p1.media', kind: 'upload', id: A },
      { field: 'draft_contents.pages.p1.media_thumb', kind: 'upload', id: B },
      { field: 'draft_contents.pages.p1.media_small', kind: 'upload', id: A },
      { field: 'draft_contents.pages.p2.media', kind: 'upload', id: B },
      { field: 'draft_contents.pages.p3.media', kind: 'upload', id: A },
    ]);
  });
});
