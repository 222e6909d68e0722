/**
 * GET documentation/search (documentation §2 Search, §3 Search parameters, §7): every filter, parts of
 * words, question titles, relevance, the limit, the 422s — and never a hit the caller may not Read
 * (revoked folders and documents, a grant deeper down, the trash, another organisation).
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents, folders } from '../../../src/server/db/schema.ts';
import { SEARCH_COUNT_AHEAD, searchTotalIsAtLeast } from '../../../src/shared/api/search.ts';
import { SEARCH_MAX_RESULTS } from '../../../src/shared/api/search-schemas.ts';
import {
  grant,
  makeChecklist,
  makeDocument,
  makeFolder,
  makeTeam,
  orgWithAdmin,
  Permission,
  question,
  revoke,
  setAcl,
  type Team,
  type TestUser,
} from '../support/factories.ts';
import type { Json } from '../support/http.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();

let team: Team;
let stranger: TestUser;
const ids: Record<string, string> = {};

async function search(user: TestUser, query: string): Promise<{ status: number; body: Json; text: string }> {
  const res = await user.api.get(`documentation/search${query ? `?${query}` : ''}`);
  return res;
}

/** The names found, expecting 200. */
async function names(user: TestUser, query: string): Promise<string[]> {
  const res = await search(user, query);
  expect(res.status, res.text).toBe(200);
  expect(res.body.total).toBeGreaterThanOrEqual(res.body.results.length);
  return (res.body.results as { name: string }[]).map((r) => r.name);
}

const sorted = (list: string[]) => [...list].sort();

beforeAll(async () => {
  team = await makeTeam(server);
  const { admin } = team;
  const pumps = await makeFolder(admin, 'root', 'Pumps', 'Maintenance area');
  const deep = await makeFolder(admin, pumps.id, 'Deep Wells', 'Boreholes');
  ids.pumps = pumps.id;
  ids.deep = deep.id;
  ids.inspection = (
    await makeChecklist(admin, { q1: question('true/false', { title: 'Check the impeller wear' }) }, pumps.id, 'Pump Inspection')
  ).id;
  ids.borehole = (await makeChecklist(admin, { q1: question('text', { title: 'Water level' }) }, deep.id, 'Borehole log')).id;
  ids.briefing = (await makeDocument(admin, 'root', 'presentation', 'Safety briefing')).id;
  ids.results = (await makeDocument(admin, 'root', 'sheet', 'Inspection results')).id;
  ids.report = (await makeDocument(admin, 'root', 'report', 'Weekly report')).id;
  ids.percent = (await makeDocument(admin, 'root', 'form', 'Done 100% of_it')).id;
  ids.output = (await makeDocument(admin, 'root', 'form', 'Output meter')).id;

  // A folder the organisation may not Read; its role may Read one document in it.
  const secret = await makeFolder(admin, 'root', 'Secret zanzibar folder');
  ids.secret = secret.id;
  await setAcl(admin, 'folders', secret.id, [revoke(team.org.id, Permission.Read)]);
  ids.classified = (await makeDocument(admin, secret.id, 'form', 'Classified zanzibar')).id;
  ids.shown = (await makeDocument(admin, secret.id, 'form', 'Shown zanzibar')).id;
  await setAcl(admin, 'documents', ids.shown!, [grant(team.role.id, Permission.Read)]);
  // A readable document whose own entry revokes Read for the organisation.
  ids.hiddenDoc = (await makeDocument(admin, 'root', 'form', 'Hidden zanzibar')).id;
  await setAcl(admin, 'documents', ids.hiddenDoc!, [revoke(team.org.id, Permission.Read)]);

  // The trash: a document, and a folder with a document inside.
  const trashed = await makeDocument(admin, 'root', 'form', 'Trashed zanzibar');
  expect((await admin.api.delete(`documentation/documents/${trashed.id}`)).status).toBe(204);
  const buried = await makeFolder(admin, 'root', 'Buried folder zanzibar');
  await makeDocument(admin, buried.id, 'form', 'Buried zanzibar');
  expect((await admin.api.delete(`documentation/folders/${buried.id}`)).status).toBe(204);

  // Another organisation.
  ({ admin: stranger } = await orgWithAdmin(server));
  ids.foreign = (await makeDocument(stranger, 'root', 'form', 'Foreign zanzibar')).id;
  ids.foreignFolder = (await makeFolder(stranger, 'root', 'Foreign folder')).id;
}, 120_000);

describe('GET documentation/search: matching', () => {
  it('finds whole words in names ignoring case, with the contract shape', async () => {
    const res = await search(team.admin, 'q=pump');
    expect(res.status, res.text).toBe(200);
    expect(res.body.results.map((r: Json) => r.name)).toEqual(['Pump Inspection']);
    expect(res.body.total).toBe(1);
    const [hit] = res.body.results;
    expect(hit).toEqual({
      id: ids.inspection,
      kind: 'document',
      name: 'Pump Inspection',
      description: 'about Pump Inspection',
      doctype: 'form',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      modified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      folder_id: ids.pumps,
      folder_name: 'Pumps',
    });
  });

  it('finds descriptions and question titles', async () => {
    expect(await names(team.admin, 'q=impeller')).toEqual(['Pump Inspection']);
    expect(await names(team.admin, 'q=WATER%20LEVEL')).toEqual(['Borehole log']);
    expect(await names(team.admin, 'q=about%20briefing')).toEqual(['Safety briefing']);
  });

  it('finds parts of words anywhere (3 characters or more) and short words by their beginning', async () => {
    expect(sorted(await names(team.admin, 'q=spect'))).toEqual(['Inspection results', 'Pump Inspection']);
    expect(await names(team.admin, 'q=pel')).toEqual(['Pump Inspection']); // impeller, in a question title
    // "ou": the beginning of "Output", not the middle of "about" or "Borehole"… descriptions hold "about".
    expect(await names(team.admin, 'q=ou')).toEqual(['Output meter']);
  });

  it('needs every word', async () => {
    expect(await names(team.admin, 'q=inspection%20pump')).toEqual(['Pump Inspection']);
    expect(await names(team.admin, 'q=inspection%20nothinglikeit')).toEqual([]);
  });

  it('takes %, _ and \\ literally', async () => {
    expect(await names(team.admin, 'q=100%25')).toEqual(['Done 100% of_it']);
    expect(await names(team.admin, 'q=f_i')).toEqual(['Done 100% of_it']);
    expect(await names(team.admin, 'q=%25%25%25')).toEqual([]);
    expect(await names(team.admin, 'q=%5C%5C')).toEqual([]);
    // A short word without letters or digits matches nothing on its own, and is ignored beside others.
    expect(await names(team.admin, 'q=-')).toEqual([]);
    expect(await names(team.admin, 'q=pump%20-')).toEqual(['Pump Inspection']);
  });

  it('ranks name matches above description and question-title matches', async () => {
    await makeDocument(team.admin, 'root', 'presentation', 'Turbine notes');
    const described = await makeDocument(team.admin, 'root', 'presentation', 'Aaa overview');
    await server.db.update(documents).set({ description: 'all about the turbine' }).where(eq(documents.id, described.id));
    expect(await names(team.admin, 'q=turbine')).toEqual(['Turbine notes', 'Aaa overview']);
  });

  it('lists every item the filters allow when q is empty or blank', async () => {
    expect(await names(team.admin, 'types=report')).toEqual(['Weekly report']);
    expect(await names(team.admin, 'q=%20%20&types=report')).toEqual(['Weekly report']);
  });
});

describe('GET documentation/search: filters', () => {
  it('types: presentation, form and sheet by default; repeated or comma-separated', async () => {
    const byDefault = await names(team.admin, 'q=report');
    expect(byDefault).toEqual([]);
    expect(await names(team.admin, 'q=report&types=report')).toEqual(['Weekly report']);
    expect(sorted(await names(team.admin, 'q=inspection&types=sheet'))).toEqual(['Inspection results']);
    expect(sorted(await names(team.admin, 'q=inspection&types=sheet,form'))).toEqual(['Inspection results', 'Pump Inspection']);
    expect(sorted(await names(team.admin, 'q=inspection&types=sheet&types=form'))).toEqual(['Inspection results', 'Pump Inspection']);
    expect(await names(team.admin, 'q=briefing&types=form')).toEqual([]);
    expect(await names(team.admin, 'q=briefing')).toEqual(['Safety briefing']);
  });

  it('include_folders adds folders (with their parent), never the root', async () => {
    expect(await names(team.admin, 'q=wells')).toEqual([]);
    const res = await search(team.admin, 'q=wells&include_folders=true');
    expect(res.status, res.text).toBe(200);
    expect(res.body.results).toEqual([
      expect.objectContaining({ id: ids.deep, kind: 'folder', doctype: null, name: 'Deep Wells', folder_id: ids.pumps, folder_name: 'Pumps' }),
    ]);
    expect(await names(team.admin, 'q=boreholes&include_folders=1')).toEqual(['Deep Wells']);
    expect(await names(team.admin, 'q=wells&include_folders=false')).toEqual([]);
    // `folder` among the types does the same; alone, it asks for folders only.
    expect(await names(team.admin, 'q=wells&types=folder')).toEqual(['Deep Wells']);
    expect(await names(team.admin, `in_folder=${ids.pumps}&types=folder`)).toEqual(['Deep Wells']);
    expect(sorted(await names(team.admin, `in_folder=${ids.pumps}&types=folder,form`))).toEqual(['Borehole log', 'Deep Wells', 'Pump Inspection']);
    expect(await names(team.admin, `q=${encodeURIComponent(team.org.name)}&include_folders=true`)).toEqual([]);
  });

  it('in_folder searches that folder’s whole subtree, not the folder itself; root is everything', async () => {
    expect(sorted(await names(team.admin, `in_folder=${ids.pumps}&include_folders=true`))).toEqual(['Borehole log', 'Deep Wells', 'Pump Inspection']);
    expect(await names(team.admin, `q=spect&in_folder=${ids.pumps}`)).toEqual(['Pump Inspection']);
    expect(await names(team.admin, `in_folder=${ids.deep}`)).toEqual(['Borehole log']);
    expect(sorted(await names(team.admin, 'q=spect&in_folder=root'))).toEqual(['Inspection results', 'Pump Inspection']);
  });

  it('in_folder: a folder the caller cannot Read, of another organisation, unknown or trashed is 404', async () => {
    expect((await search(team.member, `in_folder=${ids.secret}`)).status).toBe(404);
    expect((await search(team.admin, `in_folder=${ids.foreignFolder}`)).status).toBe(404);
    expect((await search(team.admin, 'in_folder=0199aaaa-aaaa-7aaa-8aaa-aaaaaaaaaaaa')).status).toBe(404);
    const gone = await makeFolder(team.admin, 'root', 'Gone soon');
    expect((await team.admin.api.delete(`documentation/folders/${gone.id}`)).status).toBe(204);
    const res = await search(team.admin, `in_folder=${gone.id}`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Folder not found');
  });

  it('created and modified ranges in epoch seconds (inclusive)', async () => {
    const older = await makeDocument(team.admin, 'root', 'form', 'Dated older');
    const newer = await makeDocument(team.admin, 'root', 'form', 'Dated newer');
    await server.db.update(documents).set({ createdAt: new Date(1_000_000_000_000), modifiedAt: new Date(1_500_000_000_000) }).where(eq(documents.id, older.id));
    await server.db.update(documents).set({ createdAt: new Date(1_200_000_000_000), modifiedAt: new Date(1_600_000_000_000) }).where(eq(documents.id, newer.id));
    const folder = await makeFolder(team.admin, 'root', 'Dated folder');
    await server.db.update(folders).set({ createdAt: new Date(1_100_000_000_000), modifiedAt: new Date(1_100_000_000_000) }).where(eq(folders.id, folder.id));
    expect(sorted(await names(team.admin, 'q=dated&created_after=1000000000'))).toEqual(['Dated newer', 'Dated older']);
    expect(await names(team.admin, 'q=dated&created_after=1000000001')).toEqual(['Dated newer']);
    expect(await names(team.admin, 'q=dated&created_before=1000000000')).toEqual(['Dated older']);
    expect(await names(team.admin, 'q=dated&created_before=1099999999.5&include_folders=true')).toEqual(['Dated older']);
    expect(sorted(await names(team.admin, 'q=dated&created_before=1100000000&include_folders=true'))).toEqual(['Dated folder', 'Dated older']);
    expect(await names(team.admin, 'q=dated&modified_after=1550000000')).toEqual(['Dated newer']);
    expect(await names(team.admin, 'q=dated&modified_before=1550000000')).toEqual(['Dated older']);
    expect(await names(team.admin, 'q=dated&modified_after=1550000000&modified_before=1550000001')).toEqual([]);
    expect(await names(team.admin, 'q=dated&created_after=1100000000&modified_before=1600000000')).toEqual(['Dated newer']);
  });

  it('limit: at most that many, the most relevant first; total counts them all; up to 999999999 accepted', async () => {
    const all = await search(team.admin, 'q=zanzibar');
    expect(all.status).toBe(200);
    const one = await search(team.admin, 'q=zanzibar&limit=1');
    expect(one.body.results).toHaveLength(1);
    expect(one.body.total).toBe(all.body.total);
    expect(one.body.results[0].id).toBe(all.body.results[0].id);
    expect((await search(team.admin, 'q=zanzibar&limit=999999999')).body.total).toBe(all.body.total);
  });
});

describe('GET documentation/search: only what the caller may Read', () => {
  it('an org admin sees every live item of their organisation, nothing in the trash, nothing of another', async () => {
    expect(sorted(await names(team.admin, 'q=zanzibar'))).toEqual(['Classified zanzibar', 'Hidden zanzibar', 'Shown zanzibar']);
    expect(sorted(await names(team.admin, 'q=zanzibar&include_folders=true'))).toEqual([
      'Classified zanzibar',
      'Hidden zanzibar',
      'Secret zanzibar folder',
      'Shown zanzibar',
    ]);
  });

  it('a member never sees a revoked folder, what is in it, or a revoked document', async () => {
    expect(await names(team.member, 'q=zanzibar&include_folders=true')).toEqual([]);
    expect(await names(team.member, 'q=classified')).toEqual([]);
    expect(await names(team.member, 'types=form,sheet,presentation,report&include_folders=true&limit=1000')).not.toContain('Shown zanzibar');
  });

  it('a grant deeper down shows that item and nothing else of the folder', async () => {
    expect(await names(team.roleMember, 'q=zanzibar&include_folders=true')).toEqual(['Shown zanzibar']);
    const res = await search(team.roleMember, 'q=shown');
    expect(res.body.results[0]).toMatchObject({ folder_id: ids.secret, folder_name: 'Secret zanzibar folder' });
  });

  it('another organisation’s items never show, whatever the caller', async () => {
    expect(await names(stranger, 'q=zanzibar')).toEqual(['Foreign zanzibar']);
    expect(await names(team.admin, 'q=foreign&include_folders=true')).toEqual([]);
  });

  it('a restored item shows again; a trashed one does not', async () => {
    const doc = await makeDocument(team.admin, ids.pumps, 'form', 'Comeback kid');
    expect(await names(team.member, 'q=comeback')).toEqual(['Comeback kid']);
    expect((await team.admin.api.delete(`documentation/folders/${ids.pumps}`)).status).toBe(204);
    expect(await names(team.member, 'q=comeback')).toEqual([]);
    expect(await names(team.admin, 'q=inspection')).toEqual(['Inspection results']);
    expect((await team.admin.api.post(`documentation/folders/${ids.pumps}/restore-from-trash`)).status).toBe(200);
    expect(await names(team.member, 'q=comeback')).toEqual(['Comeback kid']);
    expect(doc.id).toBeTruthy();
  });

  it('needs a signed-in member', async () => {
    const res = await server.client().get('documentation/search?q=pump');
    expect(res.status).toBe(401);
  });
});

describe('GET documentation/search: Read decided at several levels, and deep in the trash', () => {
  const layers: Record<string, string> = {};
  beforeAll(async () => {
    const { admin } = team;
    // Layered (org revoked) > Layer two (role granted) > Layer three (role revoked) > Layer four (the role
    // member granted) > Layer five (nothing of its own); a quokka document in each, and a quokka folder
    // in Layer three.
    let parent = 'root';
    for (const name of ['Layered', 'Layer two', 'Layer three', 'Layer four', 'Layer five']) {
      parent = (await makeFolder(admin, parent, name)).id;
      layers[name] = parent;
      await makeDocument(admin, parent, 'form', `Quokka in ${name}`);
    }
    await makeFolder(admin, layers['Layer three']!, 'Quokka shelf');
    await setAcl(admin, 'folders', layers.Layered!, [revoke(team.org.id, Permission.Read)]);
    await setAcl(admin, 'folders', layers['Layer two']!, [grant(team.role.id, Permission.Read)]);
    await setAcl(admin, 'folders', layers['Layer three']!, [revoke(team.role.id, Permission.Read)]);
    await setAcl(admin, 'folders', layers['Layer four']!, [grant(team.roleMember.id, Permission.Read)]);
    // The trash two levels up: Attic (trashed) > Boxes > a quokka document.
    const attic = await makeFolder(admin, 'root', 'Attic');
    const boxes = await makeFolder(admin, attic.id, 'Quokka boxes'); // a folder hit, were it not buried
    await makeDocument(admin, boxes.id, 'form', 'Quokka in the attic');
    expect((await admin.api.delete(`documentation/folders/${attic.id}`)).status).toBe(204);
  }, 60_000);

  it('each item takes the nearest decision above it; nothing under a trashed folder, however deep', async () => {
    expect(sorted(await names(team.roleMember, 'q=quokka&include_folders=true'))).toEqual([
      'Quokka in Layer five',
      'Quokka in Layer four',
      'Quokka in Layer two',
    ]);
    expect(await names(team.member, 'q=quokka&include_folders=true')).toEqual([]);
    expect(sorted(await names(team.admin, 'q=quokka&include_folders=true'))).toEqual([
      'Quokka in Layer five',
      'Quokka in Layer four',
      'Quokka in Layer three',
      'Quokka in Layer two',
      'Quokka in Layered',
      'Quokka shelf',
    ]);
  });

  it('in_folder keeps the same decisions inside the subtree', async () => {
    expect(sorted(await names(team.roleMember, `q=quokka&in_folder=${layers['Layer two']}`))).toEqual([
      'Quokka in Layer five',
      'Quokka in Layer four',
      'Quokka in Layer two',
    ]);
  });
});

describe('GET documentation/search: refused parameters (422 naming them)', () => {
  const cases: [string, RegExp][] = [
    ['types=bogus', /types/],
    ['types=form,folders', /types/],
    ['include_folders=maybe', /include_folders/],
    ['in_folder=nope', /in_folder/],
    ['created_before=-1', /created_before/],
    ['created_after=abc', /created_after/],
    ['modified_before=99999999999999', /modified_before/],
    ['limit=0', /limit/],
    ['limit=1.5', /limit/],
    ['limit=1000000000', /limit/],
    [`q=${'x'.repeat(201)}`, /q must be at most 200/],
  ];
  it.each(cases)('%s', async (query, detail) => {
    const res = await search(team.member, query);
    expect(res.status, res.text).toBe(422);
    expect(res.body.detail).toMatch(detail);
  });
});

describe('GET documentation/search: many hits', () => {
  // More hits than the search takes (min(limit, 1000) + SEARCH_COUNT_AHEAD): 1,100 checklists describing
  // a quokka, inserted at once, then the one NAMED after it — last, so the rows' own order would leave it out.
  const MANY = 1_100;
  beforeAll(async () => {
    const { org } = team;
    await server.db.execute(sql`
      INSERT INTO documents (id, org_id, folder_id, name, description, doctype, contents)
      SELECT gen_random_uuid(), ${org.id}::uuid, f.id, 'Burrow ' || i, 'about a quokka', 'form', '{"questions": {}, "question_index": []}'::jsonb
        FROM folders f, generate_series(1, ${MANY}) i
       WHERE f.org_id = ${org.id}::uuid AND f.parent_id IS NULL`);
    await makeDocument(team.admin, 'root', 'form', 'Quokka den');
  });

  it('total is exact up to min(limit, 1000) + SEARCH_COUNT_AHEAD, and that cap beyond (a lower bound)', async () => {
    const one = await search(team.member, 'q=quokka&limit=1');
    expect(one.status, one.text).toBe(200);
    expect(one.body.total).toBe(1 + SEARCH_COUNT_AHEAD);
    expect(searchTotalIsAtLeast(one.body.total as number, 1)).toBe(true);
    const all = await search(team.member, 'q=quokka');
    expect(all.body.results).toHaveLength(SEARCH_MAX_RESULTS);
    // 1,000 answered: the cap is 2,000, so 1,101 is counted exactly (and is not a lower bound).
    expect(all.body.total).toBe(MANY + 1);
    expect(searchTotalIsAtLeast(MANY + 1, SEARCH_MAX_RESULTS)).toBe(false);
    const den = await search(team.member, 'q=quokka den');
    expect(den.body.total).toBe(1);
    expect(searchTotalIsAtLeast(1, 1)).toBe(false);
  });

  it('a name match still comes first however many descriptions match', async () => {
    expect(await names(team.member, 'q=quokka&limit=1')).toEqual(['Quokka den']);
    expect((await names(team.member, 'q=quok&limit=3'))[0]).toBe('Quokka den');
    // Parts of words rank below word beginnings; the name match is still among them.
    expect(await names(team.member, 'q=uokka den')).toEqual(['Quokka den']);
  });
});
