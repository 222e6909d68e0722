/**
 * Version history of a document (documentation §2): every version with Version, Created At, Created By,
 * Changelog and View, each version's viewer, the cards at phone width, and a history that cannot be loaded.
 * The stage is set over the real API; the page is scanned with axe and checked at phone width.
 */
import { checkAtPhoneWidth, breadcrumbs, createChecklist, createFolder, expectBreadcrumbs, heading, publishNextVersion } from './support/documentation.ts';
import { expect, expectAccessible, signInWithToken, test, usePhoneViewport } from './support/test.ts';

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
