/**
 * Account Settings journeys (spec accounts §2): the avatar — chosen from a real picture file, cropped in
 * the 'New Avatar' dialog (crop area 390 × 295, scaled down at phone width), shown in the avatar menu,
 * then cleared — and ending another device's session from the Active Sessions dialog.
 * (Enabling two-factor authentication here and then signing in with a code: sign-in.spec.ts.)
 */
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { callApi, expect, expectAccessible, expectNoHorizontalScroll, phoneViewport, signInOverApi, signInWithToken, test, usePhoneViewport } from './support/test.ts';

/** A real 480 × 360 PNG (a sky and an amber face). */
const AVATAR_FIXTURE = fileURLToPath(new URL('./fixtures/avatar.png', import.meta.url));

const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const newAvatarDialog = (page: Page) => page.getByRole('dialog', { name: 'New Avatar', exact: true });
const menuAvatar = (page: Page) => page.locator('#avatar-initials');

/** Choose Avatar → the file picker → the fixture; answers once the crop dialog is ready. */
async function chooseAvatarFile(page: Page): Promise<Locator> {
  const picker = page.waitForEvent('filechooser');
  await button(page, 'Choose Avatar').click();
  await (await picker).setFiles(AVATAR_FIXTURE);
  const dialog = newAvatarDialog(page);
  await expect(dialog).toBeVisible();
  await expect(button(dialog, 'Set Avatar')).toBeEnabled();
  await expect(dialog.locator('cropper-selection')).toBeVisible();
  return dialog;
}

/** The size an <img> decoded to (0 × 0 when it did not load). */
const naturalSizeOf = (img: Locator) => img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]);

test.describe('the avatar', () => {
  test('set through the New Avatar crop dialog: shown in the avatar menu and on the page, then cleared', async ({ page, orgAdmin }) => {
    test.slow(); // cropping, compressing and uploading a picture, then three pages: well over the usual 30 s on a busy machine
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/account-settings');
    await expect(page.getByLabel('Username')).toHaveValue(orgAdmin.username);
    await expect(menuAvatar(page).locator('img')).toHaveCount(0);
    await expect(menuAvatar(page)).not.toBeEmpty(); // the initials
    await expect(button(page, 'Clear Avatar')).toBeDisabled();
    // The cropper is loaded only when the dialog opens.
    expect(await page.evaluate(() => customElements.get('cropper-canvas') === undefined)).toBe(true);

    const dialog = await chooseAvatarFile(page);
    const area = await dialog.locator('#avatar-crop').boundingBox();
    expect(Math.round(area!.width)).toBe(390);
    expect(Math.round(area!.height)).toBe(295);
    await expectAccessible(page);

    await button(dialog, 'Set Avatar').click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    await expect(page.getByText('Your avatar has been updated.')).toBeVisible();

    // The avatar menu shows the picture (it loads: a square of 512 px), and so does the page.
    const picture = menuAvatar(page).locator('img');
    await expect(picture).toBeVisible();
    await expect.poll(() => naturalSizeOf(picture)).toEqual([512, 512]);
    await expect.poll(() => naturalSizeOf(page.locator('#avatar-preview img'))).toEqual([512, 512]);
    await expect(button(page, 'Clear Avatar')).toBeEnabled();
    const me = await callApi<{ avatar: string | null; avatar_url: string | null }>('auth/me', { token: orgAdmin.token });
    expect(me.avatar).not.toBeNull();
    const served = await page.request.get(me.avatar_url!);
    expect(served.headers()['content-type']).toBe('image/jpeg'); // compressed in the browser

    // Another page: the menu still shows it.
    await page.goto('/');
    await expect.poll(() => naturalSizeOf(menuAvatar(page).locator('img'))).toEqual([512, 512]);

    await page.goto('/account-settings');
    await button(page, 'Clear Avatar').click();
    await expect(page.getByText('Your avatar has been cleared.')).toBeVisible();
    await expect(menuAvatar(page).locator('img')).toHaveCount(0);
    await expect(menuAvatar(page)).not.toBeEmpty();
    await expect(button(page, 'Clear Avatar')).toBeDisabled();
    expect((await callApi<{ avatar: string | null }>('auth/me', { token: orgAdmin.token })).avatar).toBeNull();
  });

  test('Cancel leaves the avatar as it was; a file that is not a picture is refused before any dialog', async ({ page, orgAdmin }) => {
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/account-settings');
    const dialog = await chooseAvatarFile(page);
    await button(dialog, 'Cancel').click();
    await expect(dialog).toBeHidden();
    await expect(button(page, 'Choose Avatar')).toBeFocused();
    await expect(menuAvatar(page).locator('img')).toHaveCount(0);

    const picker = page.waitForEvent('filechooser');
    await button(page, 'Choose Avatar').click();
    await (await picker).setFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n') });
    await expect(page.getByText('An avatar must be a picture (JPEG, PNG, WebP or GIF).')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('at 390 px the crop area is scaled down to the dialog, keeps its proportions, and the dialog is accessible', async ({ page, orgAdmin }) => {
    await page.setViewportSize(phoneViewport);
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/account-settings');
    const dialog = await chooseAvatarFile(page);
    const area = (await dialog.locator('#avatar-crop').boundingBox())!;
    const box = (await dialog.boundingBox())!;
    expect(area.width).toBeLessThan(390);
    expect(area.x).toBeGreaterThanOrEqual(box.x);
    expect(area.x + area.width).toBeLessThanOrEqual(box.x + box.width);
    expect(area.width / area.height).toBeCloseTo(390 / 295, 1);
    await expect(button(dialog, 'Set Avatar')).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
  });
});

test.describe('Active Sessions', () => {
  test("ends another device's session: it is gone from the list and its token stops working", async ({ page, orgAdmin }) => {
    const otherDevice = await signInOverApi(orgAdmin.username, orgAdmin.password);
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/account-settings');
    await button(page, 'Active Sessions').click();
    const dialog = page.getByRole('dialog', { name: 'Active Sessions' });
    const ends = dialog.getByRole('button', { name: /^End session: / });
    await expect(dialog.getByText('This device')).toBeVisible();
    const count = await ends.count();
    expect(count).toBeGreaterThanOrEqual(2);

    const others = dialog.getByRole('button', { name: /^End session: (?!.*\(this device\)$)/ });
    const otherCount = await others.count();
    // End every other session, one by one; the current one stays.
    for (let i = 0; i < otherCount; i++) await others.first().click();
    await expect(ends).toHaveCount(count - otherCount);
    await expect(dialog.getByRole('button', { name: /\(this device\)$/ })).toBeVisible();
    await expect(dialog.getByText('No Devices Found')).toBeHidden();

    await expect(callApi('auth/me', { token: otherDevice })).rejects.toMatchObject({ status: 401 });
    expect((await callApi<{ username: string }>('auth/me', { token: orgAdmin.token })).username).toBe(orgAdmin.username);

    // Opened again, the list is what the server has now.
    await button(dialog, 'Close').last().click();
    await button(page, 'Active Sessions').click();
    await expect(dialog.getByText('This device')).toBeVisible();
    await expect(ends).toHaveCount(count - otherCount);
  });

  for (const width of [1280, 390]) {
    test(`each session shows when it began and when it expires (issue #32; ${width} px)`, async ({ page, orgAdmin }) => {
      if (width === 390) await usePhoneViewport(page);
      else await page.setViewportSize({ width: 1280, height: 800 });
      await signInWithToken(page, orgAdmin.token);
      const { results } = await callApi<{ results: { is_current: boolean; created_at: string; expiry: string; last_accessed_at: string }[] }>('auth/me/sessions', { token: orgAdmin.token });
      const mine = results.find((s) => s.is_current)!;
      await page.goto('/account-settings');
      await button(page, 'Active Sessions').click();
      const dialog = page.getByRole('dialog', { name: 'Active Sessions' });
      const item = dialog.getByRole('listitem').filter({ hasText: 'This device' });
      const span = item.locator('.session-meta', { hasText: 'Signed in' });
      await expect(span).toContainText('Expires');
      await expect(span.locator('time')).toHaveCount(2);
      await expect(span.locator('time').nth(0)).toHaveAttribute('datetime', mine.created_at);
      await expect(span.locator('time').nth(1)).toHaveAttribute('datetime', mine.expiry);
      await expect(span.locator('time').nth(1)).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectAccessible(page);
    });
  }
});
