/**
 * Reads that rarely change answer validators (issue #29, "Cheaper on the second visit"): `GET
 * share/checklist` and a published version (`GET documentation/documents/{id}/version/{n}`) carry an ETag
 * and answer a repeat with If-None-Match by 304 and no body; what the answer shows changes → another ETag.
 * The tag is the answer's own digest, so a reader whose answer differs (permissions, path) never gets
 * another reader's 304. A compressed answer's tag is weak (W/…) and still matches.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { makeChecklist, makeShareLink, makeTeam, question, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { ApiClient } from '../support/http.ts';
import { shareClient } from './support.ts';

const server = useTestServer();
let team: Team;
let checklist: { id: string; version: number; contents: { questions: Record<string, unknown>; question_index: string[] } };
let client: ApiClient;

beforeAll(async () => {
  team = await makeTeam(server);
  checklist = await makeChecklist(team.admin, { q: question('true/false', { title: 'A long enough title '.repeat(40) }) });
  client = shareClient(server, (await makeShareLink(team.admin, checklist.id, 'Validated')).token);
});

describe('GET share/checklist', () => {
  it('answers the latest published version (never the draft) with an ETag; a repeat with If-None-Match is 304', async () => {
    const draft = await team.admin.api.put(`documentation/documents/${checklist.id}`, {
      version: 1,
      draft_contents: { questions: {}, question_index: [] },
    });
    expect(draft.status, draft.text).toBe(200);
    const first = await client.get('share/checklist');
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({
      id: checklist.id,
      doctype: 'form',
      version: 1,
      latest_version: 1,
      contents: checklist.contents,
      draft_contents: null,
      share_link: { name: 'Validated', expires_at: null },
      organization_name: team.org.name,
    });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await client.get('share/checklist', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')?.replace(/^W\//, '')).toBe(etag!.replace(/^W\//, ''));
    // Strong or weak, in a list: it matches.
    const listed = await client.get('share/checklist', { headers: { 'if-none-match': `"other", W/${etag!.replace(/^W\//, '')}` } });
    expect(listed.status).toBe(304);
    // The same document through GET documentation/documents/{id}: the same answer.
    const byId = await client.get(`documentation/documents/${checklist.id}`);
    expect(byId.body).toEqual(first.body);
  });

  it('a new published version answers 200 with another ETag', async () => {
    const before = await client.get('share/checklist');
    const current = (await team.admin.api.get(`documentation/documents/${checklist.id}`)).body;
    const published = await team.admin.api.put(`documentation/documents/${checklist.id}`, { version: current.version, contents: checklist.contents, changelog: 'again' });
    expect(published.status, published.text).toBe(200);
    const after = await client.get('share/checklist', { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(after.body.version).toBe(current.version + 1);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});

describe('GET documentation/documents/{id}/version/{n}', () => {
  it('answers an ETag and 304 on a repeat; another reader, whose answer differs, gets 200', async () => {
    const path = `documentation/documents/${checklist.id}/version/1`;
    const first = await team.admin.api.get(path);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await team.admin.api.get(path, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const member = await team.member.api.get(path, { headers: { 'if-none-match': etag } });
    expect(member.status).toBe(200);
    expect(member.body.user_permissions).not.toBe(first.body.user_permissions);
    expect(member.headers.get('vary')).toMatch(/Authorization/i);
  });
});
