/**
 * THE page data (src/server/http/page-data.ts) and its readers (src/server/http/page-readers.ts): every read
 * of THE table (each route, each form of its parameters) and the reads a document page makes after its
 * document have a reader — the API route's own path, given the address's parameters decoded and its query
 * as the route would get them — and the block is written safely into the shell.
 */
import { describe, expect, it } from 'vitest';
import { childElements, one, outline, textOf } from '../../../support/html.ts';
import { pageDataEdits } from '../../../../src/server/http/page-data.ts';
import { readerOf } from '../../../../src/server/http/page-readers.ts';
import { editShell } from '../../../../src/server/http/first-paint/shell-edits.ts';
import * as paths from '../../../../src/shared/api/paths.ts';
import { pageReads, pageReadsOf } from '../../../../src/shared/page-data-reads.ts';
import { firstRowsAddress, firstRowsQuery } from '../../../../src/shared/sheets/first-rows.ts';

describe('the readers of the page reads', () => {
  it('read every address of THE table, for every route and either form of its parameter', () => {
    for (const pattern of Object.keys(pageReads)) {
      for (const value of ['12', 'a b/ü']) {
        const params = Object.fromEntries([...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name!, value]));
        for (const address of [paths.auth.me, ...Object.values(pageReadsOf(pattern, params))]) expect(readerOf(address), `${pattern}: ${address}`).toBeDefined();
      }
    }
  });

  it('read the reads after a document (a sheet’s first rows) and a presentation’s image addresses', () => {
    for (const screen of ['viewer', 'results'] as const) {
      expect(readerOf(firstRowsAddress('d', firstRowsQuery('report', screen, new Date())))?.path).toBe('documentation/documents/:id/sheet-data');
    }
    expect(readerOf(`${paths.documentation.mediaUrls('d')}?upload_id=a&upload_id=b`)).toMatchObject({
      path: 'documentation/documents/:id/media-urls',
      params: { id: 'd' },
      query: { upload_id: ['a', 'b'] },
    });
  });

  it('give each reader its route’s parameters, decoded, and the query as lists; a literal path before a parameter', () => {
    expect(readerOf(pageReadsOf('/documentation/view/:id/:second', { id: 'a b/ü', second: '3' }).version!)).toMatchObject({
      path: 'documentation/documents/:id/version/:version',
      params: { id: 'a b/ü', version: '3' },
      query: {},
    });
    expect(readerOf(`${paths.users.list}?ordering=-is_org_admin&ordering=username&skip=0&limit=100`)).toMatchObject({
      path: 'users',
      query: { ordering: ['-is_org_admin', 'username'], skip: ['0'], limit: ['100'] },
    });
    expect(readerOf(`${paths.users.apiTokens}?skip=0`)?.path).toBe('users/api-tokens');
    expect(readerOf(paths.users.user('u1'))).toMatchObject({ path: 'users/:id', params: { id: 'u1' } });
    expect(readerOf(paths.documentation.submittedRow('r1'))).toMatchObject({ path: 'documentation/documents/documentdata/:id', params: { id: 'r1' } });
  });

  it('know no other address: the page reads it itself', () => {
    expect(readerOf('documentation/folders/x/acl')).toBeUndefined();
    expect(readerOf('nothing/here')).toBeUndefined();
    expect(readerOf('documentation/folders/%E0%A4')).toBeUndefined();
  });
});

describe('pageDataEdits', () => {
  const shell = '<head><script type="application/json" id="rb-page-data"></script></head><h1 id="t" data-first="name" hidden></h1><p data-first="none" hidden></p>';

  it('writes the data safely into the script and the slots, and leaves a slot without text hidden', () => {
    const html = editShell(shell, pageDataEdits({ answers: { document: { status: 200, body: '</script><!--' } } }, { name: 'A & <b>' }));
    expect(textOf(one(html, 'script#rb-page-data'))).toBe('{"answers":{"document":{"status":200,"body":"\\u003c/script>\\u003c!--"}}}');
    expect(outline(one(html, 'h1#t'))).toEqual({ tag: 'h1', attrs: { id: 't', 'data-first': 'name' }, text: 'A & <b>' });
    expect(childElements(one(html, 'h1#t'))).toEqual([]); // escaped: text, no element
    expect(outline(one(html, 'p[data-first="none"]'))).toEqual({ tag: 'p', attrs: { 'data-first': 'none', hidden: '' }, text: '' });
  });
});
