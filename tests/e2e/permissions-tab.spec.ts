/**
 * The Permissions tab of the Properties dialog (documentation §2, §6) at desktop and phone width: after
 * Add Entry every control of every entry lies inside the dialog (nothing scrolls sideways in the
 * dialog's panel, its body or the editor), each permission checkbox is labelled, and Save and Cancel
 * stay in view and can be clicked without scrolling.
 */
import type { Locator, Page } from '@playwright/test';
import { callApi, createRole, expect, expectAccessible, phoneViewport, signInWithToken, test } from './support/test.ts';

const desktop = { width: 1280, height: 720 } as const;
/** A long role name: the subject picker is as wide as its longest option. */
const ROLE = 'Inspectors of the northern pumping stations';

const dialogNamed = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

/** Sideways overflow: the dialog's panel and body, the editor, and anything shown in the editor past its right edge. */
async function overflowIn(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((host) => {
    const problems: string[] = [];
    const scrolls = (name: string, element: Element | null | undefined) => {
      if (!element) problems.push(`${name} not found`);
      else if (element.scrollWidth > element.clientWidth) problems.push(`${name}: ${element.scrollWidth} px of content in ${element.clientWidth} px`);
    };
    const editor = host.querySelector('rb-permission-editor');
    scrolls('the dialog panel', host.shadowRoot?.querySelector('[part~="panel"]'));
    scrolls('the dialog body', host.shadowRoot?.querySelector('[part~="body"]'));
    scrolls('the editor', editor);
    const edge = editor?.getBoundingClientRect().right ?? 0;
    for (const element of editor?.shadowRoot?.querySelectorAll('*') ?? []) {
      if (element.closest('.visually-hidden')) continue; // clipped to 1 px on purpose: read by screen readers only
      scrolls(`<${element.localName} class="${element.getAttribute('class') ?? ''}">`, element);
      const right = element.getBoundingClientRect().right;
      if (right > edge + 0.5) problems.push(`<${element.localName}> ends at ${Math.round(right)} px, past the editor's edge at ${Math.round(edge)} px`);
    }
    return problems;
  });
}

for (const [width, viewport] of [
  ['desktop', desktop],
  ['phone', phoneViewport],
] as const) {
  test(`at ${width} width an added entry fits the Permissions tab, and Save and Cancel stay in view`, async ({ page, orgAdmin }) => {
    await createRole(orgAdmin, ROLE);
    const pumps = await callApi<{ id: string }>('documentation/folders', { token: orgAdmin.token, json: { parent_id: 'root', name: 'Pumps' } });
    await page.setViewportSize(viewport);
    await signInWithToken(page, orgAdmin.token);
    await page.goto('/documentation/browse');
    await page.getByRole('button', { name: 'Options for Pumps' }).click();
    await page.getByRole('menuitem', { name: 'Properties' }).click();
    const dialog = dialogNamed(page, 'Folder Properties');
    await dialog.getByRole('tab', { name: 'Permissions' }).click();
    const editor = dialog.locator('rb-permission-editor');
    await editor.getByRole('button', { name: 'Add Entry' }).click();
    const subjects = editor.getByRole('combobox', { name: /^Subject of entry \d+$/ });
    await subjects.last().selectOption({ label: ROLE });

    for (const name of ['Read', 'Write', 'Delete', 'Edit Permissions', 'Create Documents', 'Create Folders']) {
      const box = editor.getByRole('checkbox', { name: `${name} for ${ROLE}` });
      await box.scrollIntoViewIfNeeded();
      await expect(box, name).toBeInViewport({ ratio: 1 });
    }
    await editor.getByRole('checkbox', { name: `Create Folders for ${ROLE}` }).check();
    const remove = editor.getByRole('button', { name: `Remove entry for ${ROLE}` });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport({ ratio: 1 });

    expect(await overflowIn(dialog)).toEqual([]);
    // Save and Cancel are in view wherever the body is scrolled to, and nothing covers them.
    const save = dialog.getByRole('button', { name: 'Save' });
    const cancel = dialog.getByRole('button', { name: 'Cancel' });
    for (const button of [save, cancel]) {
      await expect(button).toBeInViewport({ ratio: 1 });
      await button.click({ trial: true });
    }
    await expectAccessible(page);

    await save.click();
    await expect(page.locator('#alerts .alert').filter({ hasText: 'Folder: Pumps Successfully Edited' })).toBeVisible();
    const acl = await callApi<{ entries: { permissions: number }[] }>(`documentation/folders/${pumps.id}/acl`, { token: orgAdmin.token });
    expect(acl.entries.some((entry) => entry.permissions === 32)).toBe(true);
  });
}

