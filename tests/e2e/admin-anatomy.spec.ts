/**
 * The admin pages share one anatomy (issue #32): the same breadcrumbs on every admin page — Home › Admin,
 * then the section a page belongs to — and Delete in the same place on Edit User and Edit Role (after
 * Save and Cancel, at the far end of the form's actions), at 1280 px and 390 px. Axe on each.
 */
import type { Page } from '@playwright/test';
import { callApi, createMember, createRole, expect, expectAccessible, expectNoHorizontalScroll, signInWithToken, test, usePhoneViewport } from './support/test.ts';

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link');

test('every admin page has the same breadcrumbs above its heading', async ({ page, orgAdmin }) => {
  test.setTimeout(120_000);
  const role = await createRole(orgAdmin, 'Cleaners');
  const member = await createMember(orgAdmin);
  const webhook = await callApi<{ id: string }>('webhooks', { token: orgAdmin.token, json: { url: 'https://hooks.example.com/in', events: ['member.joined'] } });
  await signInWithToken(page, orgAdmin.token);
  const pages: [string, string, string[]][] = [
    ['/admin', 'Admin', ['Home']],
    ['/admin/users', 'Users', ['Home', 'Admin']],
    ['/admin/users/new', 'New User', ['Home', 'Admin', 'Users']],
    [`/admin/users/${member.id}`, 'Edit User', ['Home', 'Admin', 'Users']],
    ['/admin/roles', 'Roles', ['Home', 'Admin']],
    ['/admin/roles/new', 'New Role', ['Home', 'Admin', 'Roles']],
    [`/admin/roles/${role.id}`, 'Edit Role', ['Home', 'Admin', 'Roles']],
    ['/admin/activity-log', 'Activity Log', ['Home', 'Admin']],
    ['/admin/api-tokens', 'API Tokens', ['Home', 'Admin']],
    ['/admin/webhooks', 'Webhooks', ['Home', 'Admin']],
    ['/admin/webhooks/new', 'New Webhook', ['Home', 'Admin', 'Webhooks']],
    [`/admin/webhooks/${webhook.id}`, 'Edit Webhook', ['Home', 'Admin', 'Webhooks']],
    ['/admin/settings', 'General Settings', ['Home', 'Admin']],
    ['/admin/create-org', 'Create New Organization', ['Home', 'Admin']],
  ];
  let look: string | undefined;
  for (const [path, heading, trail] of pages) {
    await page.goto(path);
    const h1 = page.getByRole('heading', { level: 1, name: heading });
    await expect(h1).toBeVisible();
    await expect(crumbs(page), path).toHaveText(trail);
    const hrefs = { Home: '/', Admin: '/admin', Users: '/admin/users', Roles: '/admin/roles', Webhooks: '/admin/webhooks' } as Record<string, string>;
    for (const [i, name] of trail.entries()) await expect(crumbs(page).nth(i)).toHaveAttribute('href', hrefs[name]!);
    // Above the heading, drawn alike on every page.
    const nav = page.getByRole('navigation', { name: 'Breadcrumbs' });
    expect((await nav.boundingBox())!.y, path).toBeLessThan((await h1.boundingBox())!.y);
    const style = await nav.locator('ol').evaluate((ol) => {
      const s = getComputedStyle(ol);
      return `${s.display} ${s.fontSize} ${s.marginBottom}`;
    });
    look ??= style;
    expect(style, path).toBe(look);
  }
});

for (const width of [1280, 390]) {
  test(`Delete sits in the same place on Edit User and Edit Role (${width} px)`, async ({ page, orgAdmin }) => {
    test.setTimeout(120_000);
    if (width === 390) await usePhoneViewport(page);
    else await page.setViewportSize({ width: 1280, height: 800 });
    const role = await createRole(orgAdmin, 'Drivers');
    const member = await createMember(orgAdmin);
    await signInWithToken(page, orgAdmin.token);
    const places: string[] = [];
    for (const path of [`/admin/users/${member.id}`, `/admin/roles/${role.id}`]) {
      await page.goto(path);
      const save = page.getByRole('button', { name: 'Save', exact: true });
      const del = page.getByRole('button', { name: 'Delete', exact: true });
      await expect(del).toBeVisible();
      const actions = del.locator('xpath=..');
      const [s, d, a] = [(await save.boundingBox())!, (await del.boundingBox())!, (await actions.boundingBox())!];
      // Delete last, at the right end of the actions' row; Save first, at the left.
      const order = await actions.locator('a, button').evaluateAll((els) => els.map((e) => e.textContent?.trim()));
      expect(order, path).toEqual(['Save', 'Cancel', 'Delete']);
      expect(Math.abs(d.x + d.width - (a.x + a.width)), `${path}: Delete at the right end`).toBeLessThan(2);
      expect(Math.abs(s.x - a.x), `${path}: Save at the left`).toBeLessThan(2);
      places.push(order.join(' '));
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    }
    expect(places[0]).toBe(places[1]);
  });
}
