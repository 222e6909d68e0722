/**
 * QR label sheets (issue #29): `GET documentation/folders/{id}/qr-sheet` (the items a sheet would label)
 * and `…/qr-sheet.pdf` (the labels). The PDF is read back as a printer and a phone would read it
 * (support/qr-scan.ts: pdftoppm at 300 dpi, zbarimg, jsQR for where each code sits): every label's code
 * decodes to its item's PUBLIC_URL address and sits within 0.5 mm of where the layout puts it.
 */
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { shareLinkUrl } from '../../../src/server/services/checklists/share-links.ts';
import { codeCentre, labelCell, LABEL_SHEETS, labelsPerPage } from '../../../src/server/services/documentation/qr-labels/layouts.ts';
import { shareLinks } from '../../../src/server/db/schema.ts';
import { QR_LABEL_LAYOUTS, QR_SHEET_MAX_LABELS, type QrLabelLayout } from '../../../src/shared/api/qr-labels.ts';
import { uuidv7 } from '../../../src/shared/ids.ts';
import { insertChildren, makeDocument, makeFolder, makeTeam, orgWithAdmin, Permission, revoke, setAcl, type Team, type TestUser } from '../support/factories.ts';
import { PUBLIC_URL, useTestServer } from '../support/harness.ts';
import type { Json } from '../support/http.ts';
import { codeIn, decodeIn, decodeSheet, renderPdf } from '../support/qr-scan.ts';

const server = useTestServer();
let team: Team;

/** The folder of 12 items: 3 subfolders and 9 documents, one of them named in Cyrillic and Chinese, one long. */
let plant: Json;
let subfolders: Json[];
let plantDocuments: Json[];
/** What the subfolders hold: 2 documents in the first, a document and a folder (holding one) in the second. */
let deeper: Json[];
let checklist: Json;

const view = (id: string) => `${PUBLIC_URL}/documentation/view/${id}`;
const browse = (id: string) => `${PUBLIC_URL}/documentation/browse/${id}`;
const LONG_NAME = 'Compressor room, east wall: the pressure gauge beside the second relief valve of line 4';

beforeAll(async () => {
  team = await makeTeam(server);
  const { admin } = team;
  plant = await makeFolder(admin, 'root', 'Plant A');
  subfolders = [await makeFolder(admin, plant.id, 'Line 1'), await makeFolder(admin, plant.id, 'Line 2'), await makeFolder(admin, plant.id, 'Line 3')];
  checklist = await makeDocument(admin, plant.id, 'form', 'Daily check');
  plantDocuments = [
    checklist,
    await makeDocument(admin, plant.id, 'form', 'Кран 3 起重机'),
    await makeDocument(admin, plant.id, 'form', LONG_NAME),
    await makeDocument(admin, plant.id, 'presentation', 'Boiler manual'),
    await makeDocument(admin, plant.id, 'presentation', 'Emergency exits'),
    await makeDocument(admin, plant.id, 'form', 'Forklift inspection'),
    await makeDocument(admin, plant.id, 'form', 'Ladder check'),
    await makeDocument(admin, plant.id, 'presentation', 'Safety induction'),
    await makeDocument(admin, plant.id, 'form', 'Weekly audit'),
  ];
  const [line1, line2] = subfolders;
  const line2Folder = await makeFolder(admin, line2.id, 'Cabinet');
  deeper = [
    await makeDocument(admin, line1.id, 'form', 'Line 1 start-up'),
    await makeDocument(admin, line1.id, 'form', 'Line 1 shutdown'),
    await makeDocument(admin, line2.id, 'form', 'Line 2 start-up'),
    line2Folder,
    await makeDocument(admin, line2Folder.id, 'form', 'Cabinet key'),
  ];
});

/** The PDF's text, as pdftotext (poppler-utils) reads it. */
const pdfText = (bytes: Uint8Array): string => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');

const byName = (a: Json, b: Json) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The addresses of the folder's own items in label order: its documents by name, then its folders by name. */
function ownAddresses(): string[] {
  return [...[...plantDocuments].sort(byName).map((d) => view(d.id)), ...[...subfolders].sort(byName).map((f) => browse(f.id))];
}

async function pdfOf(user: TestUser, folderId: string, query: string): Promise<Uint8Array> {
  const res = await fetch(user.api.url(`documentation/folders/${folderId}/qr-sheet.pdf?${query}`), { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status, res.status === 200 ? '' : await res.text()).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  expect(res.headers.get('content-disposition')).toContain('Plant A QR labels.pdf');
  return new Uint8Array(await res.arrayBuffer());
}

/** Every code of an Avery L7160 PDF, page by page, as zbarimg decodes them label by label (sorted within a page). */
async function decodedPages(bytes: Uint8Array): Promise<string[][]> {
  const rendered = await renderPdf(bytes);
  try {
    return await decodeSheet(rendered, 'avery-l7160');
  } finally {
    await rendered.remove();
  }
}

describe('GET documentation/folders/{id}/qr-sheet.pdf', () => {
  it.each(QR_LABEL_LAYOUTS)('%s: a folder of 12 items prints 12 labels, each code its item’s address, centred where the layout puts it', async (layout: QrLabelLayout) => {
    const sheet = LABEL_SHEETS[layout];
    const expected = ownAddresses();
    expect(expected).toHaveLength(12);
    const rendered = await renderPdf(await pdfOf(team.admin, plant.id, `layout=${layout}`));
    try {
      expect(rendered.pages).toHaveLength(Math.ceil(12 / labelsPerPage(sheet)));
      for (const [i, address] of expected.entries()) {
        const cell = labelCell(sheet, i);
        // zbarimg reads exactly this label's code in its cell (a page of small codes scanned at once missed one now and then).
        expect(await decodeIn(rendered.pages[cell.page]!, cell), `label ${i}`).toEqual([address]);
        const code = await codeIn(rendered.pages[cell.page]!, cell);
        expect(code?.data, `label ${i}`).toBe(address);
        const centre = codeCentre(sheet, i);
        expect(Math.abs(code!.x - centre.x), `label ${i}: ${code!.x} mm across, ${centre.x} expected`).toBeLessThan(0.5);
        expect(Math.abs(code!.y - centre.y), `label ${i}: ${code!.y} mm down, ${centre.y} expected`).toBeLessThan(0.5);
      }
    } finally {
      await rendered.remove();
    }
  });

  it('with subtree=true labels every item below the folder too, each folder followed by what it holds', async () => {
    const [line1, line2, line3] = subfolders;
    const [l1a, l1b, l2a, cabinet, cabinetKey] = deeper;
    const expected = [
      ...[...plantDocuments].sort(byName).map((d) => view(d.id)),
      browse(line1.id),
      view(l1b.id), // 'Line 1 shutdown' before 'Line 1 start-up'
      view(l1a.id),
      browse(line2.id),
      view(l2a.id),
      browse(cabinet.id),
      view(cabinetKey.id),
      browse(line3.id),
    ];
    const listed = await team.admin.api.get(`documentation/folders/${plant.id}/qr-sheet?subtree=true`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.items.map((item: Json) => item.url)).toEqual(expected);
    expect(listed.body.total).toBe(17);

    const pages = await decodedPages(await pdfOf(team.admin, plant.id, 'layout=avery-l7160&subtree=true'));
    expect(pages).toHaveLength(1);
    expect(pages[0]).toEqual([...expected].sort());
  });

  it('leaves out what the caller may not Read: a subfolder (and all it holds) and a document', async () => {
    const { admin, member } = team;
    const [, line2] = subfolders;
    const hidden = plantDocuments[7]; // 'Safety induction'
    await setAcl(admin, 'folders', line2.id, [revoke(team.org.id, Permission.Read)]);
    await setAcl(admin, 'documents', hidden.id, [revoke(team.org.id, Permission.Read)]);
    try {
      const own = ownAddresses().filter((a) => a !== browse(line2.id) && a !== view(hidden.id));
      const listed = await member.api.get(`documentation/folders/${plant.id}/qr-sheet`);
      expect(listed.body.items.map((item: Json) => item.url)).toEqual(own);
      expect(listed.body.total).toBe(10);
      expect((await decodedPages(await pdfOf(member, plant.id, 'layout=avery-l7160')))[0]).toEqual([...own].sort());

      const [line1, , line3] = subfolders;
      const [l1a, l1b] = deeper;
      const subtree = await decodedPages(await pdfOf(member, plant.id, 'layout=avery-l7160&subtree=true'));
      const withSubtree = [...own.filter((a) => !a.includes('/browse/')), browse(line1.id), view(l1b.id), view(l1a.id), browse(line3.id)];
      expect(subtree[0]).toEqual([...withSubtree].sort());
      // The admin still gets every label.
      expect((await admin.api.get(`documentation/folders/${plant.id}/qr-sheet`)).body.total).toBe(12);
    } finally {
      await setAcl(admin, 'folders', line2.id, []);
      await setAcl(admin, 'documents', hidden.id, []);
    }
  });

  it('answers 404 for another organisation’s folder, an unknown one, a malformed id and a folder the caller may not Read', async () => {
    const other = await orgWithAdmin(server);
    const theirs = await makeFolder(other.admin, 'root', 'Their plant');
    for (const id of [theirs.id, uuidv7(), 'not-an-id']) {
      for (const path of [`documentation/folders/${id}/qr-sheet`, `documentation/folders/${id}/qr-sheet.pdf`]) {
        const res = await team.admin.api.get(path);
        expect(res.status, `${path}: ${res.text}`).toBe(404);
        expect(res.body).toMatchObject({ detail: 'Folder not found' });
      }
    }
    const closed = await makeFolder(team.admin, 'root', 'Closed');
    await setAcl(team.admin, 'folders', closed.id, [revoke(team.org.id, Permission.Read)]);
    expect((await team.member.api.get(`documentation/folders/${closed.id}/qr-sheet.pdf`)).status).toBe(404);
    expect((await team.admin.api.get(`documentation/folders/${closed.id}/qr-sheet.pdf`)).status).toBe(200);
    // Signed out: 401.
    expect((await server.client().get(`documentation/folders/${plant.id}/qr-sheet.pdf`)).status).toBe(401);
  });

  it('refuses a bad query with 422 naming the parameter', async () => {
    const cases: [string, RegExp][] = [
      ['layout=avery-9999', /layout must be one of avery-l7160, avery-5160, avery-l4778, tape-62, tape-24/],
      ['subtree=maybe', /subtree must be true or false/],
      ['share_links=nope', /share_links must be share link ids/],
    ];
    for (const [query, detail] of cases) {
      const res = await team.admin.api.get(`documentation/folders/${plant.id}/qr-sheet.pdf?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.detail).toMatch(detail);
    }
  });

  it(`refuses more than ${QR_SHEET_MAX_LABELS} labels with 422, and the listing says how many there are`, async () => {
    const big = await makeFolder(team.admin, 'root', 'Warehouse');
    await insertChildren(server, team.org.id, big.id, { folders: 0, docs: QR_SHEET_MAX_LABELS + 1 });
    const res = await team.admin.api.get(`documentation/folders/${big.id}/qr-sheet.pdf`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(
      `A sheet holds at most ${QR_SHEET_MAX_LABELS} labels; this one would have ${QR_SHEET_MAX_LABELS + 1}. Choose a smaller folder, or leave out its subfolders.`,
    );
    const listed = await team.admin.api.get(`documentation/folders/${big.id}/qr-sheet`);
    expect(listed.body.total).toBe(QR_SHEET_MAX_LABELS + 1);
    expect(listed.body.items).toHaveLength(QR_SHEET_MAX_LABELS);
    expect(listed.body.limit).toBe(QR_SHEET_MAX_LABELS);
  });
});

describe('GET documentation/folders/{id}/qr-sheet', () => {
  it('lists the labels with their names, paths, addresses and the folder for the breadcrumbs', async () => {
    const res = await team.admin.api.get(`documentation/folders/${plant.id}/qr-sheet`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.folder).toEqual({ id: plant.id, name: 'Plant A', path: [{ id: expect.any(String), name: team.org.name }], root_id: expect.any(String) });
    expect(res.body.total).toBe(12);
    expect(res.body.limit).toBe(QR_SHEET_MAX_LABELS);
    expect(res.body.items.map((item: Json) => item.url)).toEqual(ownAddresses());
    const boiler = res.body.items.find((item: Json) => item.name === 'Boiler manual');
    expect(boiler).toEqual({
      id: plantDocuments[3].id,
      kind: 'document',
      doctype: 'presentation',
      name: 'Boiler manual',
      path: 'Documentation › Plant A',
      url: view(plantDocuments[3].id),
      share_links: null,
    });
    const line1 = res.body.items.find((item: Json) => item.name === 'Line 1');
    expect(line1).toMatchObject({ kind: 'folder', doctype: null, path: 'Documentation › Plant A', url: browse(subfolders[0].id), share_links: null });
    const deep = await team.admin.api.get(`documentation/folders/${subfolders[1].id}/qr-sheet?subtree=true`);
    expect(deep.body.items.map((item: Json) => [item.name, item.path])).toEqual([
      ['Line 2 start-up', 'Documentation › Plant A › Line 2'],
      ['Cabinet', 'Documentation › Plant A › Line 2'],
      ['Cabinet key', 'Documentation › Plant A › Line 2 › Cabinet'],
    ]);
  });
});

describe('labels of a checklist that lead to a share link', () => {
  /** A share link row as P1's POST makes it (the table is the contract's; its token is derived from the id). */
  async function insertLink(documentId: string, name: string, changes: { expiresAt?: Date; revokedAt?: Date } = {}): Promise<string> {
    const id = uuidv7();
    await server.db.insert(shareLinks).values({
      id,
      orgId: team.org.id,
      documentId,
      name,
      tokenHash: `hash-of-${id}`,
      createdBy: team.admin.id,
      expiresAt: changes.expiresAt ?? null,
      revokedAt: changes.revokedAt ?? null,
    });
    return id;
  }

  it('offers a checklist’s live links to a caller with Edit Permissions on it, and prints the chosen one’s /fill/ address', async () => {
    const live = await insertLink(checklist.id, 'Front desk', { expiresAt: new Date(Date.now() + 86_400_000) });
    await insertLink(checklist.id, 'Old poster', { expiresAt: new Date(Date.now() - 86_400_000) });
    await insertLink(checklist.id, 'Withdrawn', { revokedAt: new Date() });

    const asAdmin = await team.admin.api.get(`documentation/folders/${plant.id}/qr-sheet`);
    const offered = asAdmin.body.items.find((item: Json) => item.id === checklist.id);
    expect(offered.share_links).toEqual([{ id: live, name: 'Front desk', expires_at: expect.any(String) }]);
    // Another checklist without links: an empty list; a presentation: null.
    expect(asAdmin.body.items.find((item: Json) => item.name === 'Ladder check').share_links).toEqual([]);
    // A member may Read but not share it: no links offered.
    const asMember = await team.member.api.get(`documentation/folders/${plant.id}/qr-sheet`);
    expect(asMember.body.items.find((item: Json) => item.id === checklist.id).share_links).toBeNull();

    const pages = await decodedPages(await pdfOf(team.admin, plant.id, `layout=avery-l7160&share_links=${live}`));
    const fill = await shareLinkUrl(server.config, live);
    expect(fill).toMatch(new RegExp(`^${PUBLIC_URL}/fill/share_[A-Za-z0-9_-]{43}$`));
    expect(pages[0]).toEqual([...ownAddresses().filter((a) => a !== view(checklist.id)), fill].sort());
  });

  it('prints on each label whether its code opens without an account (issue #43)', async () => {
    const link = await insertLink(checklist.id, 'Reception');
    const text = pdfText(await pdfOf(team.admin, plant.id, `layout=avery-l7160&share_links=${link}`));
    expect(text.match(/No account needed/g)).toHaveLength(1);
    expect(text.match(/Sign-in needed/g)).toHaveLength(ownAddresses().length - 1);
    const withoutLinks = pdfText(await pdfOf(team.admin, plant.id, 'layout=avery-l7160'));
    expect(withoutLinks).not.toContain('No account needed');
    expect(withoutLinks.match(/Sign-in needed/g)).toHaveLength(ownAddresses().length);
  });

  it('refuses a link that is not live, not of a checklist on the sheet, or two for one checklist (422), and a caller who may not share it (403)', async () => {
    const expired = await insertLink(checklist.id, 'Expired', { expiresAt: new Date(Date.now() - 1000) });
    const revoked = await insertLink(checklist.id, 'Revoked', { revokedAt: new Date() });
    const elsewhere = await makeDocument(team.admin, 'root', 'form', 'Elsewhere');
    const notOnSheet = await insertLink(elsewhere.id, 'Elsewhere link');
    const first = await insertLink(checklist.id, 'First');
    const second = await insertLink(checklist.id, 'Second');
    for (const links of [expired, revoked, notOnSheet, uuidv7(), `${first},${second}`]) {
      const res = await team.admin.api.get(`documentation/folders/${plant.id}/qr-sheet.pdf?share_links=${links}`);
      expect(res.status, links).toBe(422);
      expect(res.body.detail).toMatch(/^share_links: /);
    }
    const res = await team.member.api.get(`documentation/folders/${plant.id}/qr-sheet.pdf?share_links=${first}`);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("You need 'Edit Permissions' permission to share this checklist");
  });
});

describe('GET auth/me', () => {
  it('tells the browser PUBLIC_URL, which every QR code the app draws starts with', async () => {
    const me = await team.member.api.get('auth/me');
    expect(me.body.public_url).toBe(PUBLIC_URL);
  });
});
