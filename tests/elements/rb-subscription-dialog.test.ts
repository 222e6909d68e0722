/**
 * <rb-subscription-dialog> alone in Chromium (documentation §2, accounts §9): 'Subscription Preferences',
 * described by whom it notifies about; 'Validation errors only' offered for folders and checklists only;
 * both options off when shown; Subscribe hands the options to the page's call (`subscribe`) and closes when
 * it worked, stays open when not; Escape and Cancel close it (not while it sends), focus back to the opener.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../elements/rb-subscription-dialog/subscription-dialog.ts';
import type { RbSubscriptionDialog } from '../../elements/rb-subscription-dialog/subscription-dialog.ts';
import type { SubscriptionOptions } from '../../src/shared/api/documentation.ts';
import { allByRole, byRole, mount, nameOf, opener, shadowOf } from './support/mount.ts';

afterEach(() => document.body.replaceChildren());

async function opened(markup = '<rb-subscription-dialog name="Gate checks" kind="document" doctype="form"></rb-subscription-dialog>') {
  const button = opener('Subscribe');
  const dialog = await mount<RbSubscriptionDialog>(markup);
  await dialog.show(button);
  const box = shadowOf(dialog).querySelector('dialog')!;
  return { dialog, button, box, subscribe: byRole(dialog, 'button', 'Subscribe'), cancel: byRole(dialog, 'button', 'Cancel') };
}

const checkbox = (dialog: RbSubscriptionDialog, name: string) => byRole<HTMLInputElement>(dialog, 'checkbox', name);

describe('<rb-subscription-dialog>', () => {
  test('is named and described; the box has the focus; both options are off', async () => {
    const { dialog, box } = await opened();
    expect(nameOf(box)).toBe('Subscription Preferences');
    const described = shadowOf(dialog).getElementById(box.getAttribute('aria-describedby')!);
    expect(described?.textContent?.replace(/\s+/g, ' ').trim()).toBe('You will be notified when Gate checks changes.');
    expect(box.matches(':modal')).toBe(true);
    expect(shadowOf(dialog).activeElement).toBe(box);
    expect(checkbox(dialog, 'Validation errors only').checked).toBe(false);
    expect(checkbox(dialog, 'Email notifications').checked).toBe(false);
    expect(checkbox(dialog, 'Email notifications').getAttribute('aria-describedby')).toBeTruthy();
    expect(allByRole(dialog, 'button', 'Close')).toHaveLength(1);
  });

  test('offers "Validation errors only" for checklists and folders only', async () => {
    for (const [markup, offered] of [
      ['<rb-subscription-dialog name="A" kind="folder"></rb-subscription-dialog>', true],
      ['<rb-subscription-dialog name="A" kind="document" doctype="form"></rb-subscription-dialog>', true],
      ['<rb-subscription-dialog name="A" kind="document" doctype="presentation"></rb-subscription-dialog>', false],
    ] as const) {
      const { dialog } = await opened(markup);
      expect(allByRole(dialog, 'checkbox', 'Validation errors only')).toHaveLength(offered ? 1 : 0);
      document.body.replaceChildren();
    }
  });

  test('Subscribe sends the options chosen, shows that it is busy, closes when it worked and gives the focus back', async () => {
    const { dialog, button, box, subscribe, cancel } = await opened();
    const sent: SubscriptionOptions[] = [];
    let answer!: (done: boolean) => void;
    dialog.subscribe = (choice) => {
      sent.push(choice);
      return new Promise<boolean>((resolve) => (answer = resolve));
    };
    let closed = 0;
    dialog.addEventListener('rb-close', () => closed++);
    await userEvent.click(checkbox(dialog, 'Validation errors only'));
    await userEvent.click(checkbox(dialog, 'Email notifications'));
    await userEvent.click(subscribe);
    expect(sent).toEqual([{ validation_errors_only: true, email_notifications: true }]);
    await expect.poll(() => subscribe.textContent?.trim()).toBe('Subscribing…');
    expect(subscribe.disabled).toBe(true);
    expect(cancel.disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(box.open).toBe(true);
    answer(true);
    // The box closes at once; its close event (and so rb-close) comes a task later.
    await expect.poll(() => closed).toBe(1);
    expect(box.open).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  test('a refused subscription keeps the dialog open, ready to try again; opened again, it starts afresh', async () => {
    const { dialog, button, box } = await opened();
    dialog.subscribe = async () => false;
    await userEvent.click(checkbox(dialog, 'Email notifications'));
    await userEvent.click(byRole(dialog, 'button', 'Subscribe'));
    await expect.poll(() => byRole(dialog, 'button', 'Subscribe').disabled).toBe(false);
    expect(box.open).toBe(true);
    dialog.close();
    await dialog.show(button);
    expect(checkbox(dialog, 'Email notifications').checked).toBe(false);
  });

  test('a sheet’s subscription never asks for validation errors it cannot have (only checklists are submitted)', async () => {
    const { dialog } = await opened('<rb-subscription-dialog name="A" kind="document" doctype="sheet"></rb-subscription-dialog>');
    const sent: SubscriptionOptions[] = [];
    dialog.subscribe = async (choice) => (sent.push(choice), true);
    await userEvent.click(byRole(dialog, 'button', 'Subscribe'));
    expect(sent).toEqual([{ validation_errors_only: false, email_notifications: false }]);
  });

  test('Escape and Cancel close it, the focus back on the opener', async () => {
    const { dialog, button, box, cancel } = await opened();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => box.open).toBe(false);
    expect(document.activeElement).toBe(button);
    await dialog.show(button);
    await userEvent.click(cancel);
    expect(box.open).toBe(false);
  });
});
