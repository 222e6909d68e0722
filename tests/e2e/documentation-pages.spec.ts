/**
 * The light documentation pages (documentation §2): version history, the trash, the document page
 * (viewer frame, versions, toolbar, QR Link) and the editor frame, and the drawer's root folders.
 * The stage is set over the real API; every page is scanned with axe and checked at phone width.
 */
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { acceptInvitationOverApi } from './support/journeys.ts';
import {
  callApi,
  createAccount,
  expect,
  expectAccessible,
  expectNoHorizontalScroll,
  inviteByEmail,
  signInWithToken,
  test,
  usePhoneViewport,
  type Account,
  type OrgAdmin,
} from './support/test.ts';

test.describe.configure({ mode: 'parallel' });

// ── The stage, over the API ──────────────────────────────────────────────────────────────────────

interface FolderAnswer {
  id: string;
  name: string;
}

interface DocumentAnswer {
  id: string;
  name: string;
  version: number;
  folder_id: string;
  contents: { questions: Record<string, unknown>; question_index: string[] };
}

function createFolder(token: string, name: string, parent = 'root'): Promise<FolderAnswer> {
  return callApi<FolderAnswer>('documentation/folders', { token, json: { parent_id: parent, name, description: `All about ${name}` } });
}

/** A checklist (doctype form) with `questions` true/false questions. */
function createChecklist(token: string, name: string, folderId = 'root', questions = 0): Promise<DocumentAnswer> {
  const ids = Array.from({ length: questions }, (_, i) => `q${i + 1}`);
  return callApi<DocumentAnswer>('documentation/documents', {
    token,
    json: {
      folder_id: folderId,
      name,
      doctype: 'form',
      description: `How to use ${name}`,
      contents: {
        questions: Object.fromEntries(ids.map((id, i) => [id, { title: `Question ${i + 1}`, valueType: 'true/false', required: true }])),
        question_index: ids,
      },
    },
  });
}

/** Publishes a new version of `doc` with one more question and a change log. */
function publishNextVersion(token: string, doc: DocumentAnswer, changelog: string): Promise<DocumentAnswer> {
  const id = `q${doc.contents.question_index.length + 1}`;
  return callApi<DocumentAnswer>(`documentation/documents/${doc.id}`, {
    token,
    method: 'PUT',
    json: {
      version: doc.version,
      contents: {
        questions: { ...doc.contents.questions, [id]: { title: 'Added later', valueType: 'true/false', required: true } },
        question_index: [...doc.contents.question_index, id],
      },
      changelog,
    },
  });
}

const remove = (token: string, kind: 'folders' | 'documents', id: string) => callApi(`documentation/${kind}/${id}`, { token, method: 'DELETE' });

/** A new account invited into the admin's organisation (no role), with its user id. */
async function memberOf(admin: OrgAdmin): Promise<Account & { id: string }> {
  const member = await createAccount('member');
  await acceptInvitationOverApi(member.token, await inviteByEmail(admin.token, member.email));
  const me = await callApi<{ id: string }>('auth/me', { token: member.token });
  return { ...member, id: me.id };
}

// ── Looking at the pages ─────────────────────────────────────────────────────────────────────────

const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumbs' });

async function expectBreadcrumbs(page: Page, labels: string[]): Promise<void> {
  await expect(breadcrumbs(page).getByRole('listitem')).toHaveText(labels.map((label, i) => (i === 0 ? label : `›${label}`)));
}

/** The page again at phone width: nothing scrolls sideways, and axe finds nothing serious. */
async function checkAtPhoneWidth(page: Page, ready: () => Promise<void>): Promise<void> {
  await usePhoneViewport(page);
  await page.reload();
  await ready();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** A success alert of the alerts region (role status), by its text. */
const successAlert = (page: Page, text: string) => page.locator('#alerts').getByRole('status').filter({ hasText: text });

test.describe('version history', () => {
  test('lists every version with Version, Created At, Created By, Changelog and View; newest opens the viewer', async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Safety');
    const v1 = await createChecklist(orgAdmin.token, 'Fire Doors', folder.id, 1);
    await publishNextVersion(orgAdmin.token, v1, 'Added a question\nabout the hinges');

    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/${v1.id}/history`);
    await expect(heading(page)).toHaveText('History of Fire Doors');
    await expect(page).toHaveTitle(`History of Fire Doors ${orgAdmin.org.name}`);
    await expectBreadcrumbs(page, ['Home', 'Documentation', 'Safety', 'Fire Doors']);
    await expect(breadcrumbs(page).getByRole('link', { name: 'Fire Doors' })).toHaveAttribute('href', `/documentation/view/${v1.id}`);

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Version', 'Created At', 'Created By', 'Changelog', 'View']);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    // innerText: what shows (each cell also holds its column's name, shown on phones only)
    await expect(rows.nth(0).getByRole('rowheader')).toHaveText('2', { useInnerText: true });
    await expect(rows.nth(0).getByRole('cell').nth(1)).toHaveText(orgAdmin.username, { useInnerText: true });
    await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveText('Added a question\nabout the hinges', { useInnerText: true });
    await expect(rows.nth(1).getByRole('rowheader')).toHaveText('1', { useInnerText: true });
    await expect(page.getByRole('link', { name: 'View version 2' })).toHaveAttribute('href', `/documentation/view/${v1.id}`);
    await expect(page.getByRole('link', { name: 'View version 1' })).toHaveAttribute('href', `/documentation/view/${v1.id}/version/1`);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'View version 1' }).click();
    await expect(page).toHaveURL(`/documentation/view/${v1.id}/version/1`);
    await expect(heading(page)).toHaveText('View Fire Doors (Version: 1)');

    await page.goto(`/documentation/${v1.id}/history`);
    await page.getByRole('link', { name: 'View version 2' }).click();
    await expect(page).toHaveURL(`/documentation/view/${v1.id}`);
    await expect(heading(page)).toHaveText('View Fire Doors');

    await page.goto(`/documentation/${v1.id}/history`);
    await checkAtPhoneWidth(page, () => expect(page.getByRole('link', { name: 'View version 1' })).toBeVisible());
  });

  test("on a phone each version is a card of 'label  value' lines, each label on its value's baseline", async ({ page, orgAdmin }) => {
    const v1 = await createChecklist(orgAdmin.token, 'Fire Exits', 'root', 1);
    await publishNextVersion(orgAdmin.token, v1, 'Added a question\nabout the signs');
    await usePhoneViewport(page);
    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/${v1.id}/history`);
    const table = page.getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(2);
    const offsets = await table.locator('tbody :is(th, td)').evaluateAll((cells) =>
      cells.map((c) => {
        const baseline = (part: Element) => {
          const probe = document.createElement('span');
          probe.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
          part.prepend(probe);
          const y = probe.getBoundingClientRect().bottom;
          probe.remove();
          return y;
        };
        const label = c.querySelector('.cell-label')!;
        const value = c.querySelector('.cell-value')!;
        if (value.textContent === '') return undefined; // nothing to line up with (version 1 has no changelog)
        return `${label.textContent}: ${Math.abs(baseline(label) - baseline(value)).toFixed(1)}`;
      }).filter((offset) => offset !== undefined),
    );
    expect(offsets).toHaveLength(9);
    for (const offset of offsets) expect(offset).toMatch(/: 0\.0$/);
  });

  test('a history that cannot be loaded is an error state with the server detail', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/0190e1a0-0000-7000-8000-00000000dead/history');
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong: Document not found' })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expectAccessible(page);
  });
});

test.describe('document page', () => {
  test("an older version: 'View {name} (Version: n)' and the warning with a link to the latest", async ({ page, orgAdmin }) => {
    const v1 = await createChecklist(orgAdmin.token, 'Forklift Check', 'root', 2);
    await publishNextVersion(orgAdmin.token, v1, 'One more');

    await signInWithToken(page, orgAdmin.token);
    for (const path of [`/documentation/view/${v1.id}/version/1`, `/documentation/view/${v1.id}/1`]) {
      await page.goto(path);
      await expect(heading(page)).toHaveText('View Forklift Check (Version: 1)');
      await expect(page.locator('#topbar-page')).toHaveText('View Forklift Check (Version: 1)');
      await expect(page).toHaveTitle(`View Forklift Check (Version: 1) ${orgAdmin.org.name}`);
      await expect(page.getByText('This is not the most recent version of this document.')).toBeVisible();
      await expect(page.getByText('2 questions', { exact: true })).toBeVisible(); // the body shows version 1
    }
    await expectBreadcrumbs(page, ['Home', 'Documentation']);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'View the latest version' }).click();
    await expect(page).toHaveURL(`/documentation/view/${v1.id}`);
    await expect(heading(page)).toHaveText('View Forklift Check');
    await expect(page).toHaveTitle(`View Forklift Check ${orgAdmin.org.name}`);
    await expect(page.getByText('This is not the most recent version of this document.')).toBeHidden();
    await expect(page.getByText('How to use Forklift Check')).toBeVisible();
    await expect(page.getByText('3 questions', { exact: true })).toBeVisible();

    // The latest version named by its number is a version view without the warning.
    await page.goto(`/documentation/view/${v1.id}/version/2`);
    await expect(heading(page)).toHaveText('View Forklift Check (Version: 2)');
    await expect(page.getByText('This is not the most recent version of this document.')).toBeHidden();

    await page.goto(`/documentation/view/${v1.id}/version/1`);
    await checkAtPhoneWidth(page, () => expect(page.getByRole('link', { name: 'View the latest version' })).toBeVisible());
  });

  test('the toolbar: View/Edit switch, History, and QR Link with the code of the page address', async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Warehouse');
    const sub = await createFolder(orgAdmin.token, 'Bay 4', folder.id);
    const doc = await createChecklist(orgAdmin.token, 'Empty Checklist', sub.id);
    const failedRequests: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failedRequests.push(`${response.status()} ${response.url()}`);
    });

    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/view/${doc.id}`);
    await expect(heading(page)).toHaveText('View Empty Checklist');
    await expectBreadcrumbs(page, ['Home', 'Documentation', 'Warehouse', 'Bay 4']);
    await expect(breadcrumbs(page).getByRole('link', { name: 'Bay 4' })).toHaveAttribute('href', `/documentation/browse/${sub.id}`);
    await expect(breadcrumbs(page).getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/documentation/browse');
    await expect(page.getByText('No Questions Found In Checklist')).toBeVisible();

    const modes = page.getByRole('group', { name: 'View or edit' });
    await expect(modes.getByRole('link', { name: 'View' })).toHaveAttribute('aria-current', 'page');
    await expect(modes.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/documentation/edit/${doc.id}`);
    await expect(page.getByRole('link', { name: 'History', exact: true })).toHaveAttribute('href', `/documentation/${doc.id}/history`);
    await expectAccessible(page);

    // The toolbar menu, from the keyboard: QR Link opens the dialog with the code of this page.
    const menuButton = page.getByRole('button', { name: 'Document menu' });
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'QR Link' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'QR Code: Empty Checklist' });
    await expect(dialog).toBeVisible();
    const address = new URL(`/documentation/view/${doc.id}`, page.url()).href;
    await expect(dialog.getByRole('img', { name: `QR code for ${address}` })).toBeVisible();
    await expect(dialog.getByText(address)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(await decodeQrCode(page)).toBe(address);
    await expectAccessible(page);

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    expect((await downloading).suggestedFilename()).toBe('Empty Checklist QR code.png');

    await dialog.getByRole('button', { name: 'Close' }).last().click(); // the footer's Close (the X is first)
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    // The element and its QR library arrived as files the Content-Security-Policy allows (the suite's
    // automatic check fails on any violation or console error), and no request of the page failed.
    expect(failedRequests).toEqual([]);

    await modes.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(`/documentation/edit/${doc.id}`);

    await page.goto(`/documentation/view/${doc.id}`);
    await checkAtPhoneWidth(page, () => expect(page.getByRole('button', { name: 'Document menu' })).toBeVisible());
    await page.getByRole('button', { name: 'Document menu' }).click();
    await page.getByRole('menuitem', { name: 'QR Link' }).click();
    await expect(page.getByRole('dialog', { name: 'QR Code: Empty Checklist' }).getByRole('img', { name: /^QR code for / })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });

  test('a submitted-row address shows the document frame with the row mount point', async ({ page, orgAdmin }) => {
    const doc = await createChecklist(orgAdmin.token, 'Daily Round', 'root', 1);
    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/view/${doc.id}/0190e1a0-0000-7000-8000-0000000000ab`);
    await expect(heading(page)).toHaveText('View Daily Round');
    await expect(page.locator('#document-row')).toHaveAttribute('data-row-id', '0190e1a0-0000-7000-8000-0000000000ab');
    await expect(page.getByText('1 question', { exact: true })).toBeHidden(); // the row, not the checklist
  });

  test('a document that cannot be loaded: the detail as a warning, then the folder browser', async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Audits');
    const doc = await createChecklist(orgAdmin.token, 'Quarterly', folder.id);
    await signInWithToken(page, orgAdmin.token);

    await page.goto('/documentation/view/0190e1a0-0000-7000-8000-00000000dead');
    await expect(page).toHaveURL('/documentation/browse');
    await expect(page.getByRole('alert').filter({ hasText: 'Document not found' })).toBeVisible();

    // A version that does not exist, of a document that does: its folder.
    await page.goto(`/documentation/view/${doc.id}/version/7`);
    await expect(page).toHaveURL(`/documentation/browse/${folder.id}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Version not found' })).toBeVisible();
  });
});

test.describe('editor page', () => {
  test('with Write: the document name then the organisation in the header, breadcrumbs, switch back to View', async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Kitchen');
    const doc = await createChecklist(orgAdmin.token, 'Opening Checks', folder.id, 1);

    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/edit/${doc.id}`);
    await expect(heading(page)).toHaveText('Opening Checks');
    await expect(page.locator('#topbar-page')).toHaveText('Opening Checks');
    await expect(page.locator('#topbar-org')).toHaveText(orgAdmin.org.name);
    await expect(page).toHaveTitle(`Opening Checks ${orgAdmin.org.name}`);
    await expect(page.getByText('How to use Opening Checks')).toBeVisible();
    await expectBreadcrumbs(page, ['Home', 'Documentation', 'Kitchen']);
    const modes = page.getByRole('group', { name: 'View or edit' });
    await expect(modes.getByRole('link', { name: 'Edit' })).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);

    // QR Link holds the viewer's address: printed codes are for the people who use the document.
    await page.getByRole('button', { name: 'Document menu' }).click();
    await page.getByRole('menuitem', { name: 'QR Link' }).click();
    const address = new URL(`/documentation/view/${doc.id}`, page.url()).href;
    await expect(page.getByRole('dialog', { name: 'QR Code: Opening Checks' }).getByRole('img', { name: `QR code for ${address}` })).toBeVisible();
    await page.keyboard.press('Escape');

    await modes.getByRole('link', { name: 'View' }).click();
    await expect(page).toHaveURL(`/documentation/view/${doc.id}`);

    await page.goto(`/documentation/edit/${doc.id}`);
    await checkAtPhoneWidth(page, () => expect(heading(page)).toHaveText('Opening Checks'));
  });

  test("without Write: back to the viewer with 'You need permission to Edit this document.'", async ({ page, orgAdmin }) => {
    const member = await memberOf(orgAdmin);
    const doc = await createChecklist(orgAdmin.token, 'Read Only Checklist', 'root', 1);
    // The member's only entry on the document: Read.
    await callApi(`documentation/documents/${doc.id}/acl`, {
      token: orgAdmin.token,
      method: 'PUT',
      json: [{ subject: member.id, is_grant: true, permissions: 1 }],
    });
    const seen = await callApi<{ user_permissions: number }>(`documentation/documents/${doc.id}`, { token: member.token });
    expect(seen.user_permissions & 2, 'the member has no Write').toBe(0);

    await signInWithToken(page, member.token);
    await page.goto(`/documentation/edit/${doc.id}`);
    await expect(page).toHaveURL(`/documentation/view/${doc.id}`);
    await expect(page.getByRole('alert').filter({ hasText: 'You need permission to Edit this document.' })).toBeVisible();
    await expect(heading(page)).toHaveText('View Read Only Checklist');
    // No switch to the editor without Write; History and the menu stay.
    await expect(page.getByRole('group', { name: 'View or edit' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeHidden();
    await expect(page.getByRole('link', { name: 'History', exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('trash', () => {
  test("lists a deleted folder and document; Restore says '{name} successfully restored' and puts each back", async ({ page, orgAdmin }) => {
    const folder = await createFolder(orgAdmin.token, 'Old Procedures');
    const doc = await createChecklist(orgAdmin.token, 'Retired Checklist');
    await remove(orgAdmin.token, 'folders', folder.id);
    await remove(orgAdmin.token, 'documents', doc.id);

    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/trash/1'); // the old address of the whole trash
    await expect(heading(page)).toHaveText('Trash');
    await expectBreadcrumbs(page, ['Home', 'Documentation', 'Trash']);
    await expect(breadcrumbs(page).getByRole('link', { name: 'Trash' })).toHaveAttribute('aria-current', 'page');
    const tiles = page.getByRole('list', { name: 'Trash' }).getByRole('listitem');
    await expect(tiles).toHaveCount(2);
    const folderTile = tiles.filter({ has: page.getByRole('heading', { name: 'Old Procedures' }) });
    await expect(folderTile).toContainText('Folder');
    await expect(folderTile).toContainText('All about Old Procedures');
    await expect(folderTile).toContainText(`by ${orgAdmin.username}`);
    await expect(folderTile).toContainText('Was inDocumentation'); // the root, as the breadcrumbs name it
    await expect(tiles.filter({ hasText: 'Retired Checklist' })).toContainText('Checklist');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Restore Old Procedures' }).click();
    await expect(successAlert(page, 'Old Procedures successfully restored')).toBeVisible();
    await expect(tiles).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Restore Retired Checklist' })).toBeFocused();
    // The restored folder is back in the root, and the drawer lists it at once.
    await expect(page.getByRole('list', { name: 'Root folders' }).getByRole('link', { name: 'Old Procedures' })).toBeVisible();

    await page.getByRole('button', { name: 'Restore Retired Checklist' }).click();
    await expect(successAlert(page, 'Retired Checklist successfully restored')).toBeVisible();
    await expect(tiles).toHaveCount(0);
    await expect(page.getByText('- - Empty - -')).toBeVisible();

    const contents = await callApi<{ results: { id: string }[] }>('documentation/folders/root/contents', { token: orgAdmin.token });
    expect(contents.results.map((item) => item.id).sort()).toEqual([folder.id, doc.id].sort());
  });

  test("a folder's trash: breadcrumbs through the folder, only what was deleted from it", async ({ page, orgAdmin }) => {
    const top = await createFolder(orgAdmin.token, 'Site A');
    const inner = await createFolder(orgAdmin.token, 'Workshop', top.id);
    const gone = await createChecklist(orgAdmin.token, 'Lathe Check', inner.id);
    const elsewhere = await createChecklist(orgAdmin.token, 'Elsewhere');
    await remove(orgAdmin.token, 'documents', gone.id);
    await remove(orgAdmin.token, 'documents', elsewhere.id);

    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/trash/${inner.id}`);
    await expectBreadcrumbs(page, ['Home', 'Documentation', 'Site A', 'Workshop', 'Trash']);
    const tiles = page.getByRole('list', { name: 'Trash' }).getByRole('listitem');
    await expect(tiles).toHaveCount(1);
    await expect(tiles).toContainText('Lathe Check');
    await expect(tiles).toContainText('Was inWorkshop');
    await checkAtPhoneWidth(page, () => expect(page.getByRole('button', { name: 'Restore Lathe Check' })).toBeVisible());
  });

  test("an empty trash shows '- - Empty - -'", async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/trash/root');
    await expect(page.getByText('- - Empty - -')).toBeVisible();
    await expectAccessible(page);
    await checkAtPhoneWidth(page, () => expect(page.getByText('- - Empty - -')).toBeVisible());
  });

  test('a member who is not an org admin sees the reason instead of the trash', async ({ page, orgAdmin }) => {
    const member = await memberOf(orgAdmin);
    await signInWithToken(page, member.token);
    await page.goto('/documentation/trash/1');
    await expect(page.getByRole('alert').filter({ hasText: 'Something went wrong: Only organization admins can see the trash' })).toBeVisible();
    await expect(page.getByText('- - Empty - -')).toBeHidden();
  });
});

test.describe('drawer', () => {
  test("Browse Documents and the root folders by name; a 'rb:folders-changed' event refreshes them", async ({ page, orgAdmin }) => {
    const zebra = await createFolder(orgAdmin.token, 'Zebra');
    const alpha = await createFolder(orgAdmin.token, 'alpha');
    await createFolder(orgAdmin.token, 'Nested', alpha.id);
    await createChecklist(orgAdmin.token, 'A document in the root');

    await signInWithToken(page, orgAdmin.token);
    await page.goto(`/documentation/trash/root`);
    const drawer = page.getByRole('navigation', { name: 'Main menu' });
    await expect(drawer.getByRole('link', { name: 'Browse Documents' })).toHaveAttribute('href', '/documentation/browse');
    const folders = drawer.getByRole('list', { name: 'Root folders' }).getByRole('link');
    await expect(folders).toHaveText(['alpha', 'Zebra']);
    await expect(folders.first()).toHaveAttribute('href', `/documentation/browse/${alpha.id}`);
    await expect(folders.last()).toHaveAttribute('href', `/documentation/browse/${zebra.id}`);

    await createFolder(orgAdmin.token, 'Middle');
    await page.evaluate(() => document.dispatchEvent(new Event('rb:folders-changed')));
    await expect(folders).toHaveText(['alpha', 'Middle', 'Zebra']);

    // The list folds away and back.
    const toggle = drawer.getByRole('button', { name: 'Root folders' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(folders).toHaveCount(0);
    await toggle.click();
    await expect(folders).toHaveCount(3);

    // At phone width the drawer is a modal overlay: open it, then scan it.
    await usePhoneViewport(page);
    await page.reload();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(folders).toHaveText(['alpha', 'Middle', 'Zebra']);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
});

/** Decodes the QR dialog's code: its SVG drawn onto a canvas, the pixels read with jsQR. */
async function decodeQrCode(page: Page): Promise<string | undefined> {
  const { width, height, pixels } = await page.evaluate(async () => {
    const svg = document.querySelector('#qr-dialog')!.shadowRoot!.querySelector('rb-qr-code')!.shadowRoot!.querySelector('svg')!;
    const image = new Image();
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth || 240;
    canvas.height = image.naturalHeight || 240;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    return { width: canvas.width, height: canvas.height, pixels: Array.from(data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data;
}
