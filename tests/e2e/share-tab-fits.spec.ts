/**
 * Issue #43 item 15: the Properties dialog's Share tab at 390×844 (and 1280×800): every tab of the strip
 * whole and in view, the active one too; "Create Link" a full-size button; no dead Cancel/Save beneath
 * it (its changes are made at once: Close alone); what was done said in the tab, never in a toast over
 * the Copy buttons.
 */
import { publishChecklist, question } from './support/checklist-filler.ts';
import type { Locator } from '@playwright/test';
import { desktopViewport, expect, phoneViewport, signInWithToken, test } from './support/test.ts';

/** Nothing lies over the control's middle (a Shoelace button's inner button: its host counts as itself). */
async function expectNotCovered(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const cover = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const host = (element.getRootNode() as ShadowRoot).host;
    const own = hit && (hit === element || element.contains(hit) || (host && (hit === host || host.contains(hit))));
    return own ? null : (hit?.outerHTML.slice(0, 160) ?? 'nothing (off screen)');
  });
  expect(cover, 'what lies over the control').toBeNull();
}

for (const viewport of [phoneViewport, desktopViewport]) {
  test(`the Share tab at ${viewport.width}px: tabs in view, a proper Create Link, Close alone, Copy never covered`, async ({ page, context, orgAdmin }) => {
    await page.setViewportSize(viewport);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const doc = await publishChecklist(orgAdmin.token, 'Gate check', { gate: question('Gate locked', 'true/false') });
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/browse');
    await page.getByRole('button', { name: `Options for ${doc.name}` }).click();
    await page.getByRole('menuitem', { name: 'Properties' }).click();
    const panel = page.getByRole('dialog', { name: 'Document Properties', exact: true });
    const dialog = page.locator('sl-dialog').filter({ has: panel });
    // The dialog keeps its height as its tabs are switched (issue #43 item 18).
    const heights = new Set<number>();
    await expect(dialog.getByRole('tab', { name: 'Share' })).toBeVisible();
    for (const tab of await dialog.getByRole('tab').all()) {
      await tab.click();
      await page.waitForTimeout(100);
      heights.add(Math.round((await panel.boundingBox())!.height));
    }
    expect([...heights]).toHaveLength(1);
    const share = dialog.getByRole('tab', { name: 'Share' });
    await share.click();
    await expect(share).toHaveAttribute('aria-selected', 'true');

    // Every tab whole, inside the dialog, in view.
    const box = (await panel.boundingBox())!;
    for (const tab of await dialog.getByRole('tab').all()) {
      await expect(tab).toBeInViewport({ ratio: 1 });
      const t = (await tab.boundingBox())!;
      expect(t.x).toBeGreaterThanOrEqual(box.x - 0.5);
      expect(t.x + t.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
    }

    // Nothing to save on this tab: Close alone.
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
    await expect(dialog.locator('[slot="footer"]').getByRole('button', { name: 'Close' })).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Name' }).fill('Front door');
    const create = dialog.getByRole('button', { name: 'Create Link' });
    expect((await create.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    await create.click();
    const entry = dialog.getByRole('listitem', { name: 'Front door' });
    await expect(entry).toBeVisible();
    await expect(dialog.getByRole('status').filter({ hasText: 'Share Link: Front door Created' })).toBeVisible();
    for (const what of ['address', 'script embed', 'iframe embed']) {
      const copy = entry.getByRole('button', { name: `Copy ${what} of Front door` });
      await copy.click();
      await expect(dialog.getByRole('status').filter({ hasText: 'copied' })).toBeVisible();
      for (const other of ['address', 'script embed', 'iframe embed']) await expectNotCovered(entry.getByRole('button', { name: `Copy ${other} of Front door` }));
    }
    await expect(page.locator('.alerts .alert')).toHaveCount(0);
  });
}
