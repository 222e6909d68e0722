/**
 * Favourites and subscriptions (issue #12; documentation §2 "Toolbar menu on a document page", folder
 * browser dialogs; accounts §2 drawer Favorites, §4 "after each, the subscription list and favourites list
 * are refetched", §8): a document favourited from its page shows in the drawer's Favorites and goes again
 * when unfavourited; a folder favourited from the browser (an item's menu and the folder's own); a
 * subscription with preferences through the dialog, the menu entry turned to Unsubscribe, and back; the
 * dialogs accessible at desktop and 390 px.
 */
import type { Page } from '@playwright/test';
import { createChecklist, createFolder, memberOf, readOnlyRoot } from './support/documentation.ts';
import { callApi, expect, expectAccessible, expectNoHorizontalScroll, signInWithToken, test, usePhoneViewport } from './support/test.ts';

interface Subscription {
  kind: string;
  item_id: string;
  subscription_options: { validation_errors_only: boolean; email_notifications: boolean };
}

const drawerFavourites = (page: Page) => page.getByRole('list', { name: 'Favorites' });
const alertWith = (page: Page, text: string) => page.locator('#alerts .alert').filter({ hasText: text });
const menuEntry = (page: Page, name: string) => page.getByRole('menuitem', { name, exact: true });
/** A Shoelace dialog by its name: the host element, since its content is slotted. */
const islandDialog = (page: Page, name: string) => page.locator('sl-dialog').filter({ has: page.getByRole('dialog', { name, exact: true }) });

async function documentMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Document menu' }).click();
  await menuEntry(page, entry).click();
}

const favourites = async (token: string) =>
  (await callApi<{ results: { kind: string; item_id: string }[] }>('documentation/favorites', { token })).results;
const subscriptions = async (token: string) => (await callApi<{ results: Subscription[] }>('documentation/subscriptions', { token })).results;

test('a document favourited from its page shows in the drawer’s Favorites, and goes when unfavourited', async ({ page, orgAdmin }) => {
  test.slow(); // several pages, dialogs and axe scans
  const folder = await createFolder(orgAdmin.token, 'Site A');
  const doc = await createChecklist(orgAdmin.token, 'Fire drill', folder.id, 1);
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/view/${doc.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'View Fire drill' })).toBeVisible();
  await expect(drawerFavourites(page)).toHaveText('No favourites yet');

  await page.getByRole('button', { name: 'Document menu' }).click();
  await expect(menuEntry(page, 'Unfavourite')).toHaveCount(0);
  await menuEntry(page, 'Favourite').click();
  await expect(alertWith(page, 'Added Fire drill to Favorites.')).toBeVisible();
  const link = drawerFavourites(page).getByRole('link', { name: 'Fire drill' });
  await expect(link).toHaveAttribute('href', `/documentation/view/${doc.id}`);
  await expect(link).toHaveAttribute('aria-current', 'page');
  expect(await favourites(orgAdmin.token)).toEqual([expect.objectContaining({ kind: 'document', item_id: doc.id })]);

  // The entry now says what it will do; other pages show the favourite too.
  await page.getByRole('button', { name: 'Document menu' }).click();
  await expect(menuEntry(page, 'Unfavourite')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/documentation/browse/${folder.id}`);
  await drawerFavourites(page).getByRole('link', { name: 'Fire drill' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'View Fire drill' })).toBeVisible();

  await documentMenu(page, 'Unfavourite');
  await expect(alertWith(page, 'Removed Fire drill from Favorites.')).toBeVisible();
  await expect(drawerFavourites(page)).toHaveText('No favourites yet');
  expect(await favourites(orgAdmin.token)).toEqual([]);
  await page.getByRole('button', { name: 'Document menu' }).click();
  await expect(menuEntry(page, 'Favourite')).toBeVisible();
});

test('a folder is favourited from the browser: from its tile’s menu and from its own page’s menu', async ({ page, orgAdmin }) => {
  test.slow(); // several pages, dialogs and axe scans
  const folder = await createFolder(orgAdmin.token, 'Pumps');
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();

  await page.getByRole('button', { name: 'Options for Pumps' }).click();
  await menuEntry(page, 'Favourite').click();
  await expect(alertWith(page, 'Added Pumps to Favorites.')).toBeVisible();
  const link = drawerFavourites(page).getByRole('link', { name: 'Pumps' });
  await expect(link).toHaveAttribute('href', `/documentation/browse/${folder.id}`);
  // The focus went back to the tile's options button.
  await expect(page.getByRole('button', { name: 'Options for Pumps' })).toBeFocused();

  // In the folder itself, its own menu knows it is a favourite.
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pumps' })).toBeVisible();
  await page.getByRole('button', { name: 'Folder menu of Pumps' }).click();
  await menuEntry(page, 'Unfavourite').click();
  await expect(alertWith(page, 'Removed Pumps from Favorites.')).toBeVisible();
  await expect(drawerFavourites(page)).toHaveText('No favourites yet');
  await page.getByRole('button', { name: 'Folder menu of Pumps' }).click();
  await menuEntry(page, 'Favourite').click();
  await expect(drawerFavourites(page).getByRole('link', { name: 'Pumps' })).toBeVisible();
  expect(await favourites(orgAdmin.token)).toEqual([expect.objectContaining({ kind: 'folder', item_id: folder.id })]);
});

test('subscribing to a checklist with preferences from its page, then unsubscribing', async ({ page, orgAdmin }) => {
  test.slow(); // several pages, dialogs and axe scans
  const doc = await createChecklist(orgAdmin.token, 'Gate checks', 'root', 1);
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/view/${doc.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'View Gate checks' })).toBeVisible();

  await documentMenu(page, 'Subscribe');
  const dialog = page.getByRole('dialog', { name: 'Subscription Preferences' });
  await expect(dialog).toBeVisible();
  const validation = dialog.getByRole('checkbox', { name: 'Validation errors only' });
  const email = dialog.getByRole('checkbox', { name: 'Email notifications' });
  // Both off by default (accounts §9).
  await expect(validation).not.toBeChecked();
  await expect(email).not.toBeChecked();
  await expectAccessible(page);
  await validation.check();
  await email.check();
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(alertWith(page, 'Subscribed to Gate checks.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Document menu' })).toBeFocused();
  expect(await subscriptions(orgAdmin.token)).toEqual([
    expect.objectContaining({ kind: 'document', item_id: doc.id, subscription_options: { validation_errors_only: true, email_notifications: true } }),
  ]);

  // The entry is toggled; Unsubscribe removes it at once.
  await page.getByRole('button', { name: 'Document menu' }).click();
  await expect(menuEntry(page, 'Subscribe')).toHaveCount(0);
  await menuEntry(page, 'Unsubscribe').click();
  await expect(alertWith(page, 'Unsubscribed from Gate checks.')).toBeVisible();
  expect(await subscriptions(orgAdmin.token)).toEqual([]);
  await page.getByRole('button', { name: 'Document menu' }).click();
  await expect(menuEntry(page, 'Subscribe')).toBeVisible();
});

test('subscribing to a folder from the browser with the defaults, then unsubscribing; the dialog at 390 px', async ({ page, orgAdmin }) => {
  test.slow(); // several pages, dialogs and axe scans
  const folder = await createFolder(orgAdmin.token, 'Kitchens');
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Options for Kitchens' }).click();
  await menuEntry(page, 'Subscribe').click();
  const dialog = page.getByRole('dialog', { name: 'Subscription Preferences' });
  await expect(dialog.getByRole('checkbox', { name: 'Validation errors only' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Email notifications' })).not.toBeChecked();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(alertWith(page, 'Subscribed to Kitchens.')).toBeVisible();
  expect(await subscriptions(orgAdmin.token)).toEqual([
    expect.objectContaining({ kind: 'folder', item_id: folder.id, subscription_options: { validation_errors_only: false, email_notifications: false } }),
  ]);

  await page.getByRole('button', { name: 'Options for Kitchens' }).click();
  await menuEntry(page, 'Unsubscribe').click();
  await expect(alertWith(page, 'Unsubscribed from Kitchens.')).toBeVisible();
  expect(await subscriptions(orgAdmin.token)).toEqual([]);

  // At phone width the dialog fits and stays accessible.
  await usePhoneViewport(page);
  await page.getByRole('button', { name: 'Options for Kitchens' }).click();
  await menuEntry(page, 'Subscribe').click();
  await expect(dialog.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('the light subscription dialog at 390 px fits and is accessible; a refused subscription says so', async ({ page, orgAdmin }) => {
  test.slow(); // several pages, dialogs and axe scans
  const doc = await createChecklist(orgAdmin.token, 'Boiler log', 'root', 1);
  await usePhoneViewport(page);
  await signInWithToken(page, orgAdmin.token);
  await page.goto(`/documentation/view/${doc.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'View Boiler log' })).toBeVisible();
  await documentMenu(page, 'Subscribe');
  const dialog = page.getByRole('dialog', { name: 'Subscription Preferences' });
  await expect(dialog.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);

  // The document goes to the trash meanwhile: the subscription is refused (404) with the spec's words.
  await callApi(`documentation/documents/${doc.id}`, { token: orgAdmin.token, method: 'DELETE' });
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(alertWith(page, 'Something went wrong with your subscription to Boiler log... please try again')).toBeVisible();
  await expect(dialog).toBeVisible();
});

test('the Properties tab favourites and subscribes with options, and a reader may follow from a read-only dialog', async ({ page, orgAdmin }) => {
  test.slow(); // two people, several saves
  const doc = await createChecklist(orgAdmin.token, 'Boiler check', 'root', 1);
  await signInWithToken(page, orgAdmin.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Options for Boiler check' }).click();
  await menuEntry(page, 'Properties').click();
  const dialog = islandDialog(page, 'Document Properties');
  const following = dialog.getByRole('group', { name: 'Following' });
  // A Shoelace checkbox is clicked on its words, as a person does (its input is visually hidden, and the
  // host is as wide as the dialog: its middle may be blank).
  const toggle = async (name: string, on: boolean) => {
    await following.locator('sl-checkbox').filter({ hasText: name }).locator('[part~="label"]').click();
    await expect(following.getByRole('checkbox', { name })).toBeChecked({ checked: on });
  };
  await expect(following.getByRole('checkbox', { name: 'Favourite' })).toBeEnabled();
  await expect(following.getByRole('checkbox', { name: 'Email notifications' })).toHaveCount(0);
  await toggle('Favourite', true);
  await toggle('Subscribe', true);
  await toggle('Email notifications', true);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(alertWith(page, 'Document: Boiler check Successfully Edited')).toBeVisible();
  expect(await favourites(orgAdmin.token)).toEqual([expect.objectContaining({ kind: 'document', item_id: doc.id })]);
  expect(await subscriptions(orgAdmin.token)).toEqual([
    expect.objectContaining({ item_id: doc.id, subscription_options: { validation_errors_only: false, email_notifications: true } }),
  ]);
  // The lists were read again: the drawer shows the favourite, and the dialog opens on what is followed.
  await expect(drawerFavourites(page).getByRole('link', { name: 'Boiler check' })).toBeVisible();
  await page.getByRole('button', { name: 'Options for Boiler check' }).click();
  await menuEntry(page, 'Properties').click();
  await expect(following.getByRole('checkbox', { name: 'Subscribe' })).toBeChecked();
  await expect(following.getByRole('checkbox', { name: 'Email notifications' })).toBeChecked();
  await toggle('Subscribe', false);
  await toggle('Favourite', false);
  // The first save's alert hides after ALERT_HIDE_MS (5 s); on a slow machine the steps above outlast it, so
  // the second save's alert is told apart by waiting for the first to go, not by counting two at once.
  await expect(alertWith(page, 'Document: Boiler check Successfully Edited')).toHaveCount(0, { timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(alertWith(page, 'Document: Boiler check Successfully Edited')).toBeVisible();
  await expect.poll(async () => (await subscriptions(orgAdmin.token)).length).toBe(0);
  expect(await favourites(orgAdmin.token)).toEqual([]);

  // A reader: name and description read-only, no Save until a following field changes.
  await readOnlyRoot(orgAdmin); // the member reads, and nothing more
  const reader = await memberOf(orgAdmin);
  await signInWithToken(page, reader.token);
  await page.goto('/documentation/browse');
  await page.getByRole('button', { name: 'Options for Boiler check' }).click();
  await menuEntry(page, 'Properties').click();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
  await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await toggle('Favourite', true);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(alertWith(page, 'Document: Boiler check Successfully Edited')).toBeVisible();
  expect(await favourites(reader.token)).toEqual([expect.objectContaining({ kind: 'document', item_id: doc.id })]);
});
