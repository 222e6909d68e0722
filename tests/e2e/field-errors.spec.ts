/**
 * Field errors in the product's words and controls in the theme's colours (issue 9): an empty folder
 * name in the New Folder dialog shows 'Name is required' (not the raw `name: name is required`), and the
 * Create button stays the theme's dark navy — hovered, focused, after the error — never Shoelace's blue.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, signInWithToken, test } from './support/test.ts';

const dialogNamed = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

/** The colour a button paints: the background of its shadow `base` part. */
const paintOf = (button: Locator) =>
  button.evaluate((host) => getComputedStyle(host.shadowRoot!.querySelector('[part~="base"]')!).backgroundColor);

/** The theme's primary colour as the browser computes it (rgb(…)). */
const themePrimary = (page: Page) =>
  page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('div'));
    probe.style.backgroundColor = 'var(--rb-primary)';
    const colour = getComputedStyle(probe).backgroundColor;
    probe.remove();
    return colour;
  });

test('an empty folder name says "Name is required", and Create keeps the theme colour', async ({ page, orgAdmin }) => {
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('button', { name: 'Folder', exact: true }).click();
  const dialog = dialogNamed(page, 'New Folder');
  const create = dialog.locator('sl-button').filter({ hasText: 'Create' });
  const primary = await themePrimary(page);
  await expect.poll(() => paintOf(create), 'before anything happens').toBe(primary);

  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.locator('sl-alert')).toContainText('Name is required');
  await expect(dialog).not.toContainText('name: name');
  // The pointer still rests on Create, which has been pressed and may hold the focus.
  await expect.poll(() => paintOf(create), 'hovered after the error').toBe(primary);
  await create.focus();
  await expect.poll(() => paintOf(create), 'focused').toBe(primary);

  // The name field's focus border follows the theme too (polled: Shoelace eases the border's colour in).
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await name.focus();
  const border = () => dialog.locator('sl-input').evaluate((host) => getComputedStyle(host.shadowRoot!.querySelector('[part~="base"]')!).borderColor);
  await expect.poll(border, 'the focused field').toBe(primary);
});
