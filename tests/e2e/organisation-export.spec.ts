/**
 * Issue #47 (GDPR Art. 20): on General Settings an org admin follows "Export organisation data" and the
 * browser saves a ZIP of the organisation, named after it, which a zip reader opens (README.txt,
 * organisation.json with the organisation's name, users.json with the admin, and the lists of permissions,
 * share links, invitations, API tokens, assignments, schedules, webhooks and avatars). At 1280 and at 390 px
 * (the link fits the phone); axe finds nothing on the page.
 */
import { readFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import { expectFitsPhone } from './support/journeys.ts';
import { expect, expectAccessible, phoneViewport, signInWithToken, test } from './support/test.ts';

/** The names and texts of a ZIP's entries. */
function unzip(bytes: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

for (const width of [1280, 390]) {
  test(`"Export organisation data" downloads the organisation's ZIP (${width} px)`, async ({ page, orgAdmin }) => {
    if (width === 390) await page.setViewportSize(phoneViewport);
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/admin/settings');
    const link = page.getByRole('link', { name: 'Export organisation data' });
    await expect(link).toBeVisible();
    if (width === 390) await expectFitsPhone(page, [link]);
    else await expectAccessible(page);
    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    await expect(page.locator('[data-organisation-export-status]')).toHaveText('The export was downloaded.');
    const entries = await unzip(await readFile((await download.path())!));
    expect(entries.get('README.txt')).toContain('organisation.json');
    expect(JSON.parse(entries.get('organisation.json')!)).toMatchObject({ id: orgAdmin.org.id, name: orgAdmin.org.name });
    expect(JSON.parse(entries.get('users.json')!)).toEqual([expect.objectContaining({ username: orgAdmin.username, is_org_admin: true })]);
    for (const name of ['avatars.json', 'permissions.json', 'share-links.json', 'invitations.json', 'api-tokens.json', 'assignments.json', 'schedules.json', 'webhooks.json', 'webhook-deliveries.json']) {
      expect(JSON.parse(entries.get(name) ?? 'null'), name).toEqual(expect.any(Array));
    }
  });
}
