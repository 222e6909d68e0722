/**
 * THE page reads table (src/shared/page-data-reads.ts) is expanded in one place, the server
 * (`pageReadsOf`, written into the page data block by name): each route parameter encoded as paths.ts encodes it,
 * an alias looked up as the value's own key, the form of a parameter choosing the reads, and the folder
 * sort left to the browser (`{sort}`) or filled with a sort's query.
 */
import { describe, expect, it } from 'vitest';
import { pageReads, pageReadsOf, SORT_QUERIES } from '../../../src/shared/page-data-reads.ts';
import * as paths from '../../../src/shared/api/paths.ts';

describe('pageReadsOf', () => {
  it('encodes each parameter as paths.ts does', () => {
    expect(pageReadsOf('/documentation/view/:id', { id: 'a bü+/' }).document).toBe(paths.documentation.document('a bü+/'));
  });

  it('reads a version or a submitted row by the form of the segment', () => {
    expect(pageReadsOf('/documentation/view/:id/:second', { id: 'd', second: '7' })).toEqual({ version: paths.documentation.version('d', 7), drawer: expect.any(String) });
    expect(pageReadsOf('/documentation/view/:id/:second', { id: 'd', second: 'r7' })).toMatchObject({
      document: paths.documentation.document('d'),
      row: paths.documentation.submittedRow('r7'),
    });
  });

  it("maps the whole trash's old segment to the root, and looks an alias up as the value's own key only", () => {
    expect(pageReadsOf('/documentation/trash/:folderId', { folderId: '1' }).folder).toBe(paths.documentation.folder('root'));
    expect(pageReadsOf('/documentation/trash/:folderId', { folderId: 'constructor' }).folder).toBe(paths.documentation.folder('constructor'));
  });

  it('fills the folder sort with its query, the default one, or leaves it to the browser', () => {
    const contents = (sort?: string | null) => pageReadsOf('/documentation/browse/:folderId', { folderId: 'f' }, sort).contents;
    expect(contents('-name')).toBe(`${paths.documentation.contents('f')}?${SORT_QUERIES['-name']}&limit=100`);
    expect(contents()).toBe(`${paths.documentation.contents('f')}?${SORT_QUERIES.kind}&limit=100`);
    expect(contents('nonsense')).toBe(contents());
    expect(contents(null)).toBe(`${paths.documentation.contents('f')}?{sort}&limit=100`);
  });

  it('gives nothing for a route without reads', () => {
    expect(pageReads['/billing/success']).toBeUndefined();
    expect(pageReadsOf('/billing/success', {})).toEqual({});
  });
});
