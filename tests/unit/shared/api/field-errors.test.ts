/** The 422 detail: a schema's sentence for people stands as it is, a remark for programs keeps its field's path. */
import { describe, expect, it } from 'vitest';
import { signUploadEntry } from '../../../../src/shared/api/documentation-schemas.ts';
import { detailOf, FIELD_REQUIRED, isSentence, sentence } from '../../../../src/shared/api/field-errors.ts';
import { UPLOAD_CONTENT_TYPES } from '../../../../src/shared/constants.ts';

describe('detailOf', () => {
  it('gives a sentence for people as it is, without the field', () => {
    expect(detailOf([{ field: 'name', message: sentence('Name is required') }])).toBe('Name is required');
    expect(detailOf([{ field: 'email', message: sentence('Invalid Email') }])).toBe('Invalid Email');
  });

  it("puts the path in front of a remark for programs, of Field required and of zod's own words", () => {
    expect(detailOf([{ field: 'parent_id', message: 'must be a valid id' }])).toBe('parent_id: must be a valid id');
    expect(detailOf([{ field: 'name', message: FIELD_REQUIRED }])).toBe('name: Field required');
    expect(detailOf([{ field: 'contents', message: 'Invalid input: expected object, received array' }])).toBe(
      'contents: Invalid input: expected object, received array',
    );
    expect(isSentence(FIELD_REQUIRED)).toBe(false);
  });

  it('gives a problem with the request as a whole as it is, and joins several with "; "', () => {
    expect(detailOf([{ field: '', message: 'give at least one file' }])).toBe('give at least one file');
    expect(
      detailOf([
        { field: 'name', message: sentence('Name is required') },
        { field: 'description', message: sentence('Description must be at most 5000 characters') },
      ]),
    ).toBe('Name is required; Description must be at most 5000 characters');
  });
});

describe('the upload sentence', () => {
  it('names every type that can be uploaded', () => {
    const parsed = signUploadEntry.safeParse({ filename: 'a', file_size: 1, content_type: 'text/html' });
    const said = parsed.error?.issues[0]?.message ?? '';
    const words: Record<(typeof UPLOAD_CONTENT_TYPES)[number], string> = {
      'image/jpeg': 'JPEG',
      'image/png': 'PNG',
      'image/webp': 'WebP',
      'image/gif': 'GIF',
      'application/pdf': 'PDF',
      'video/mp4': 'MP4',
    };
    for (const type of UPLOAD_CONTENT_TYPES) expect(said).toContain(words[type]);
    expect(isSentence(said)).toBe(true);
  });
});
