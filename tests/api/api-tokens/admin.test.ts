/**
 * An organisation's admins and its members' API tokens (issue #34): GET users/api-tokens lists every
 * member's live token of THIS organisation (never a token for another one, never the secret), and DELETE
 * users/api-tokens/{id} revokes one at once (401 for its next call), recorded as ApiTokenRevoked with the
 * admin as its actor. Plain members get 403; another organisation's token ids answer 404.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents } from '../../../src/server/db/schema.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { createOrg, makeTeam, signIn, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { CREDENTIALS, makeApiToken, type MadeToken } from './support.ts';

const server = useTestServer();
let team: Team;
let memberToken: MadeToken;
let adminToken: MadeToken;
let elsewhereToken: MadeToken;

beforeAll(async () => {
  team = await makeTeam(server);
  memberToken = await makeApiToken(server, team.member, team.org.id, { name: 'Member script', scope: 'read' });
  adminToken = await makeApiToken(server, team.admin, team.org.id, { name: 'Admin script' });
  // The member's token for an organisation of their own is none of this organisation's business.
  const own = await createOrg(await signIn(server, team.member)); // another session: team.member's stays in team.org
  elsewhereToken = await makeApiToken(server, team.member, own.id, { name: 'Elsewhere' });
});

describe('GET users/api-tokens', () => {
  it("lists the organisation's members' live tokens, newest first, with their users; no secret, no other organisation's", async () => {
    const res = await team.admin.api.get(paths.users.apiTokens);
    expect(res.status, res.text).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.results.map((t: { name: string }) => t.name)).toEqual(['Admin script', 'Member script']);
    const { token: _secret, ...listed } = memberToken.body;
    expect(res.body.results[1]).toEqual({ ...listed, user: { id: team.member.id, username: team.member.username, full_name: team.member.full_name } });
    expect(res.text).not.toContain(memberToken.token);
    expect(res.text).not.toContain(elsewhereToken.body.id);
  });

  it('pages with skip and limit; refuses a bad limit with 422', async () => {
    const page = await team.admin.api.get(`${paths.users.apiTokens}?skip=1&limit=1`);
    expect(page.body).toMatchObject({ total: 2, results: [{ name: 'Member script' }] });
    expect((await team.admin.api.get(`${paths.users.apiTokens}?limit=0`)).status).toBe(422);
  });

  it('is for org admins: a plain member gets 403', async () => {
    const res = await team.member.api.get(paths.users.apiTokens);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ detail: 'Only organization admins can do this' });
  });
});

describe('DELETE users/api-tokens/{id}', () => {
  it("answers 404 for another organisation's token (the member's own elsewhere) and leaves it working", async () => {
    const res = await team.admin.api.delete(paths.users.apiToken(elsewhereToken.body.id));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: 'API token not found' });
    expect((await elsewhereToken.api.get(paths.auth.me)).status).toBe(200);
  });

  it("another organisation's admin gets 404 for this organisation's token", async () => {
    const other = await makeTeam(server);
    expect((await other.admin.api.delete(paths.users.apiToken(memberToken.body.id))).status).toBe(404);
    expect((await memberToken.api.get(paths.auth.me)).status).toBe(200);
  });

  it("revokes a member's token at once, recorded with the admin as actor; the member's list no longer holds it", async () => {
    expect((await memberToken.api.get(paths.auth.me)).status).toBe(200);
    const res = await team.admin.api.delete(paths.users.apiToken(memberToken.body.id));
    expect(res.status, res.text).toBe(204);
    const after = await memberToken.api.get(paths.auth.me);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject(CREDENTIALS);
    const own = await team.member.api.get(paths.auth.apiTokens);
    expect(own.body.results.map((t: { id: string }) => t.id)).toEqual([elsewhereToken.body.id]);
    const events = (await server.db.select().from(activityEvents).where(eq(activityEvents.orgId, team.org.id))).filter((e) => e.type === 'ApiTokenRevoked');
    expect(events).toHaveLength(1);
    expect(events[0]!.actorId).toBe(team.admin.id);
    expect(events[0]!.context).toMatchObject({ token_id: memberToken.body.id, user_id: team.member.id, username: team.member.username });
    // The other tokens go on.
    expect((await adminToken.api.get(paths.auth.me)).status).toBe(200);
  });
});
