/**
 * The first answers a page's HTML carries (src/server/http/page-data.ts): an answer the API could not
 * give (it threw, answered 5xx or not JSON) is left out, so the page asks for it itself, never a 500 page.
 */
import { describe, expect, it } from 'vitest';
import { answerPageReads, pageDataEdits } from '../../../../src/server/http/page-data.ts';
import { editShell } from '../../../../src/server/http/first-paint/shell-edits.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('answerPageReads', () => {
  it('keeps the JSON answers (refusals too) and leaves out what failed', async () => {
    const answers = await answerPageReads(
      async (address) => {
        if (address === '/a') return json(200, { a: 1 });
        if (address === '/refused') return json(401, { detail: 'Could not validate credentials' });
        if (address === '/problem') {
          const body = { type: 'tag:ringbinder,2026:problem/not-found', title: 'Not found', status: 404, detail: 'Not found' };
          return new Response(JSON.stringify(body), { status: 404, headers: { 'content-type': 'application/problem+json' } });
        }
        if (address === '/broken') return json(500, { detail: 'Internal server error' });
        if (address === '/text') return new Response('hello');
        throw new Error('the API threw');
      },
      ['a', 'refused', 'problem', 'broken', 'text', 'throws'].map((address) => ({ address, bearer: 't' })),
    );
    expect(answers).toEqual({
      a: { status: 200, body: { a: 1 } },
      refused: { status: 401, body: { detail: 'Could not validate credentials' } },
      problem: { status: 404, body: { type: 'tag:ringbinder,2026:problem/not-found', title: 'Not found', status: 404, detail: 'Not found' } },
    });
  });
});

describe('pageDataEdits', () => {
  const shell = '<head><script type="application/json" id="rb-page-data"></script></head><h1 id="t" data-first="name" hidden></h1><p data-first="none" hidden></p>';

  it('writes the data safely into the script and the slots, and leaves a slot without text hidden', () => {
    const html = editShell(shell, pageDataEdits({ answers: { x: { status: 200, body: '</script><!--' } } }, { name: 'A & <b>' }));
    expect(html).toContain('{"answers":{"x":{"status":200,"body":"\\u003c/script>\\u003c!--"}}}');
    expect(html).toContain('<h1 id="t" data-first="name">A &#38; &#60;b&#62;</h1>');
    expect(html).toContain('<p data-first="none" hidden></p>');
  });
});
