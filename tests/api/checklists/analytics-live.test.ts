/**
 * The results page moves live for every reader (issue #45): a checklist's new submission is told on the
 * live stream (GET documentation/notifications/stream, event `submission` {document_id}) to each member of
 * its organisation with a stream open who may read its results — with no subscription and no notification
 * — and to nobody who may not read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import { makeChecklist, makeTeam, Permission, question, revoke, setAcl, type Team } from '../support/factories.ts';
import { openStream, type OpenStream, type SseEvent } from '../notifications-live/event-stream.ts';
import { submit } from './support.ts';

const server = useTestServer();
let team: Team;
const streams: OpenStream[] = [];

beforeAll(async () => {
  team = await makeTeam(server);
});

afterAll(() => {
  for (const s of streams) s.close();
});

const open = async (token: string) => {
  const s = await openStream(server.apiUrl, token);
  streams.push(s);
  await s.next((e) => e.event === 'ready');
  return s;
};
const submissionOf = (id: string) => (e: SseEvent) => e.event === 'submission' && (JSON.parse(e.data) as { document_id: string }).document_id === id;

describe('the live stream’s `submission` event', () => {
  it('reaches a reader who follows nothing, and never one who may not read the checklist', async () => {
    const questions = { ok: question('pass/fail', { title: 'Floor clean' }) };
    const open1 = await makeChecklist(team.admin, questions);
    const closed = await makeChecklist(team.admin, questions);
    // The role's members may not read `closed`; the plain member reads both (the root's org-wide Read).
    await setAcl(team.admin, 'documents', closed.id, [revoke(team.role.id, Permission.Read)]);
    const reader = await open(team.member.token);
    const refused = await open(team.roleMember.token);

    expect((await submit(team.admin, closed.id, { ok: { value: 'pass' } })).status).toBe(201);
    expect((await submit(team.admin, open1.id, { ok: { value: 'fail' } })).status).toBe(201);
    await reader.next(submissionOf(closed.id));
    await reader.next(submissionOf(open1.id));
    // The role member hears of the one it may read; by then the other (stored first) would have come too.
    await refused.next(submissionOf(open1.id));
    expect(refused.events.filter(submissionOf(closed.id))).toEqual([]);
    // Nobody was notified: the reader follows nothing.
    const told = await team.member.api.get('documentation/notifications');
    expect(told.body.total).toBe(0);
  });
});
