/**
 * /elements/ (issue #29 "The elements are a documented product"): the guide for a CMS author — the one
 * script, the iframe, theming — and every element's reference from the Custom Elements Manifest, with a
 * live demo (the page loads /elements/ringbinder.js like any other site) and snippets that name this
 * server; accessible at desktop width and at 390 px.
 */
import { expect, expectAccessible, expectNoHorizontalScroll, test, usePhoneViewport } from './support/test.ts';

interface Manifest {
  modules: { declarations?: { customElement?: boolean; tagName?: string }[] }[];
}

test('documents every element of the manifest, with its live demo and snippets naming this server', async ({ page, context, request, baseURL }) => {
  const manifest = (await (await request.get('/elements/custom-elements.json')).json()) as Manifest;
  const tags = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement).map((d) => d.tagName!);
  expect(tags.sort()).toEqual(['rb-checklist', 'rb-permission-editor', 'rb-qr-code', 'rb-qr-dialog']);

  await page.goto('/elements/');
  await expect(page.getByRole('heading', { level: 1, name: 'Ringbinder elements' })).toBeVisible();
  for (const tag of tags) {
    const section = page.getByRole('region', { name: `<${tag}>` });
    await expect(section.getByRole('heading', { level: 2, name: `<${tag}>` })).toBeVisible();
    await expect(section.getByRole('link', { name: `Open the demo page of <${tag}>` })).toHaveAttribute('href', `/elements/${tag}/demo.html`);
  }
  // Generated from the manifest: the checklist's share-token attribute, its events and parts.
  const checklist = page.getByRole('region', { name: '<rb-checklist>' });
  await expect(checklist.getByRole('region', { name: 'Attributes' }).getByRole('term').getByText('share-token', { exact: true })).toBeVisible();
  await expect(checklist.getByRole('region', { name: 'Events' }).getByRole('term').getByText('rb-submitted', { exact: true })).toBeVisible();
  await expect(checklist.getByRole('region', { name: 'CSS parts' }).getByRole('term').getByText('submit', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Theming' }).getByRole('term').getByText('--rb-font-size', { exact: true })).toBeVisible();

  // The live QR code, drawn by the one script, of this server's address.
  await expect(page.locator('rb-qr-code').getByRole('img', { name: `QR code for ${baseURL}/elements/` })).toBeVisible();
  await page.getByRole('button', { name: 'Show QR code' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR Code: This page' });
  await expect(dialog.getByRole('img', { name: `QR code for ${baseURL}/elements/` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();

  // The snippets name this server, and Copy copies them.
  const script = `<script type="module" src="${baseURL}/elements/ringbinder.js"></script>`;
  await expect(page.locator('#snippet-script')).toHaveText(script);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy the script tag' }).click();
  await expect(page.locator('#snippet-script-status')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(script);
  await expectAccessible(page);
});

test('reads well and passes the accessibility scan at 390 px', async ({ page }) => {
  await usePhoneViewport(page);
  await page.goto('/elements/');
  await expect(page.getByRole('heading', { level: 1, name: 'Ringbinder elements' })).toBeVisible();
  await expect(page.locator('rb-qr-code').getByRole('img', { name: /^QR code for / })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});
