/**
 * The sign-in's guarantees across two server processes on one PostgreSQL (issue #46): whatever the
 * submission's hot path reads in fewer round trips, "logout on one process ends the token on every process
 * at once; a revoked token or share link is refused at its next request". Process B is warmed first (the
 * token, the link and the checklist used there), so that anything it kept from an earlier request would
 * show; then the change is made on A and the VERY NEXT request on B must be refused — no wait, no retry.
 * PGlite is one process: skipped there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/connection.ts';
import { startServer } from '../../../src/server/server.ts';
import { makeApiToken } from '../api-tokens/support.ts';
import { makeChecklist, makeFolder, makeShareLink, makeTeam, question, signIn, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { ApiClient } from '../support/http.ts';

const server = useTestServer();
const CREDENTIALS = { detail: 'Could not validate credentials' };
const REVOKED = { detail: 'This link has been revoked' };

describe.skipIf(!process.env.DATABASE_URL)('two processes on one PostgreSQL: refused on B at the next request after A', () => {
  let second: DatabaseHandle;
  let other: Awaited<ReturnType<typeof startServer>>;
  let team: Team;
  let checklist: { id: string };
  let folder: { id: string };
  /** A client of process B with `token`. */
  const onB = (token: string) => new ApiClient(`${other.url}/api/v1`, token);
  const submission = (api: ApiClient) => api.post(`documentation/documents/${checklist.id}/data`, { record: { ok: { value: true } } });

  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: server.databaseUrl });
    other = await startServer(server.config, { database: second, now: server.clock.now });
    team = await makeTeam(server);
    folder = await makeFolder(team.admin, 'root', 'Line 2');
    checklist = await makeChecklist(team.admin, { ok: question('true/false') }, folder.id, 'Round');
  });

  afterAll(async () => {
    await other?.close();
  });

  it('logout on A: the next submission, folder page and auth/me on B are 401', async () => {
    const session = (await signIn(server, team.member)).token;
    const b = onB(session);
    // Warm B with this token: submissions, the folder page, auth/me.
    for (let i = 0; i < 3; i++) expect((await submission(b)).status).toBe(201);
    expect((await b.get(`documentation/folders/${folder.id}/contents?limit=100`)).status).toBe(200);
    expect((await b.get('auth/me')).status).toBe(200);

    expect((await server.client(session).post('auth/logout')).status).toBe(204);

    const refused = await submission(b);
    expect(refused.status, refused.text).toBe(401);
    expect(refused.body).toMatchObject(CREDENTIALS);
    expect((await b.get(`documentation/folders/${folder.id}/contents?limit=100`)).status).toBe(401);
    expect((await b.get('auth/me')).status).toBe(401);
  });

  it('a revoked share link on A: its next submission on B is refused', async () => {
    const link = await makeShareLink(team.admin, checklist.id, 'Kiosk by the door');
    const b = onB(link.token as string);
    for (let i = 0; i < 3; i++) expect((await submission(b)).status).toBe(201);

    expect((await team.admin.api.delete(`documentation/documents/${checklist.id}/share-links/${link.id}`)).status).toBe(204);

    const refused = await submission(b);
    expect(refused.status, refused.text).toBe(401);
    expect(refused.body).toMatchObject(REVOKED);
  });

  it('a revoked API token on A: its next submission on B is 401', async () => {
    const made = await makeApiToken(server, team.member, team.org.id);
    const b = onB(made.token);
    for (let i = 0; i < 3; i++) expect((await submission(b)).status).toBe(201);

    expect((await team.member.api.delete(`auth/api-tokens/${made.body.id}`)).status).toBe(204);

    const refused = await submission(b);
    expect(refused.status, refused.text).toBe(401);
  });

  it('a member removed from the organisation on A: their next submission on B is refused', async () => {
    const session = (await signIn(server, team.member)).token;
    const b = onB(session);
    for (let i = 0; i < 3; i++) expect((await submission(b)).status).toBe(201);

    const removed = await team.admin.api.delete(`users/${team.member.id}`);
    expect(removed.status, removed.text).toBeLessThan(300);

    const refused = await submission(b);
    expect(refused.status, refused.text).toBeGreaterThanOrEqual(400);
    expect(refused.status).not.toBe(201);
  });
});
