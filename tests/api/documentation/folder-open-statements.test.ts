/**
 * A folder's contents page in few round trips (issue #8's throughput: every statement is a socket write
 * and a read of the driver): the caller, the folder's chain with every level's ACL entries AND the entries
 * naming the caller on its children (one statement), then the page. The children's own entries still
 * decide what a member sees and may do.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries, type QueryCounter } from '../../bench/query-counter.ts';
import { grant, makeDocument, makeFolder, makeTeam, Permission, revoke, setAcl, type Team, type TestUser } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();
const { Read, Write } = Permission;
let team: Team;
let statements: QueryCounter;
let shelf: { id: string };
let seen: { id: string };
let hidden: { id: string };
let writable: { id: string };

beforeAll(async () => {
  team = await makeTeam(server);
  statements = countQueries(server.db);
  shelf = await makeFolder(team.admin, 'root', 'Shelf');
  seen = await makeFolder(team.admin, shelf.id, 'Seen');
  hidden = await makeDocument(team.admin, shelf.id, 'form', 'Hidden');
  writable = await makeDocument(team.admin, shelf.id, 'form', 'Writable');
  // The role reads the shelf through the organisation; one child is denied to it, another writable by it.
  await setAcl(team.admin, 'documents', hidden.id, [revoke(team.role.id, Read)]);
  await setAcl(team.admin, 'documents', writable.id, [grant(team.role.id, Write)]);
});

/** The statements one contents page sends, and its answer. */
async function counted(user: TestUser, folderId: string) {
  await user.api.get(`documentation/folders/${folderId}/contents?limit=100`); // warm: session touched, statements prepared
  const before = statements.count;
  const response = await user.api.get(`documentation/folders/${folderId}/contents?limit=100`);
  return { response, sent: statements.count - before };
}

describe('statements per contents page', () => {
  it('a member: three statements, and the children’s own entries still hide and grant', async () => {
    const { response, sent } = await counted(team.roleMember, shelf.id);
    expect(response.status, response.text).toBe(200);
    const byId = new Map<string, number>(response.body.results.map((item: { id: string; user_permissions: number }) => [item.id, item.user_permissions]));
    expect([...byId.keys()].sort()).toEqual([seen.id, writable.id].sort());
    expect(response.body.total).toBe(2);
    expect((byId.get(writable.id)! & Write) !== 0, 'the child grants Write').toBe(true);
    expect((byId.get(seen.id)! & Write) !== 0, 'no Write without a grant').toBe(false);
    expect(sent).toBe(3);
  });

  it('the root for a member: three statements', async () => {
    const { response, sent } = await counted(team.roleMember, 'root');
    expect(response.status, response.text).toBe(200);
    expect(response.body.results.map((item: { id: string }) => item.id)).toContain(shelf.id);
    expect(sent).toBe(3);
  });

  it('an org admin: three statements (no entries to read for the children), everything listed', async () => {
    const { response, sent } = await counted(team.admin, shelf.id);
    expect(response.status, response.text).toBe(200);
    expect(response.body.total).toBe(3);
    expect(sent).toBe(3);
  });
});
