/**
 * elements/rb-item-menu/menu-keys.ts alone in Chromium: THE keys of every menu, here on a menu drawn by
 * hand as the avatar menu of the top bar is (a link and buttons, shown and hidden by its page), and
 * Space on <rb-item-menu>. The opener: a click toggles, Arrow Down / Up open on the first / last entry,
 * Escape on the button closes; in the menu the arrows move round, Space chooses once, Escape gives the
 * focus back to the button, Tab closes and moves on from it.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../elements/rb-item-menu/item-menu.ts';
import { type MenuFocus, onMenuKey, wireMenuOpener } from '../../elements/rb-item-menu/menu-keys.ts';
import { opener } from './support/mount.ts';

afterEach(() => document.body.replaceChildren());

function handMadeMenu() {
  const button = opener('Account menu');
  const menu = document.createElement('div');
  menu.setAttribute('role', 'menu');
  menu.hidden = true;
  menu.innerHTML =
    '<a role="menuitem" href="#settings" tabindex="-1">Account Settings</a><button role="menuitem" type="button" tabindex="-1">Logout</button>';
  const after = document.createElement('button');
  after.textContent = 'After';
  document.body.append(menu, after);
  const items = () => [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const clicks: string[] = [];
  for (const item of items()) item.addEventListener('click', (event) => (event.preventDefault(), clicks.push(item.textContent!)));
  const open = (focus: MenuFocus) => {
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    if (focus !== 'none') (focus === 'first' ? items()[0] : items().at(-1))?.focus();
  };
  const close = (returnFocus: boolean) => {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    if (returnFocus) button.focus();
  };
  wireMenuOpener(button, { isOpen: () => !menu.hidden, open, close });
  menu.addEventListener('keydown', (event) => onMenuKey(event, items(), () => close(true)));
  return { button, menu, items, after, clicks };
}

describe('menu keys', () => {
  test('the opener: Arrow Down and Up open on the first and the last entry; Escape gives the focus back', async () => {
    const { button, menu, items } = handMadeMenu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.keyboard('{ArrowUp}');
    expect(menu.hidden).toBe(false);
    expect(document.activeElement).toBe(items()[1]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items()[0]);
    await userEvent.keyboard('{End}{Home}');
    expect(document.activeElement).toBe(items()[0]);
    await userEvent.keyboard('{Escape}');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items()[0]);
  });

  test('a click opens it without moving the focus, a second click closes it; Escape on the button closes it', async () => {
    const { button, menu } = handMadeMenu();
    button.blur(); // focused by a press of the mouse, not by the script
    await userEvent.click(button);
    expect(menu.hidden).toBe(false);
    expect(document.activeElement).toBe(button);
    await userEvent.click(button);
    expect(menu.hidden).toBe(true);
    await userEvent.click(button);
    await userEvent.keyboard('{Escape}');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  test('Space chooses the entry, a link too; Tab closes and moves on from the button', async () => {
    const { menu, items, after, clicks } = handMadeMenu();
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard(' ');
    expect(clicks).toEqual(['Account Settings']);
    await userEvent.keyboard('{ArrowDown}{Tab}');
    expect(menu.hidden).toBe(true);
    expect(document.activeElement).toBe(after);
    expect(items().includes(document.activeElement as HTMLElement)).toBe(false);
  });

  test('Space on <rb-item-menu> chooses once: rb-select, closed, the focus back on the opener', async () => {
    const button = opener('Options');
    const menu = document.createElement('rb-item-menu');
    document.body.append(menu);
    menu.entries = [
      { value: 'open', label: 'Open' },
      { value: 'copy', label: 'Copy' },
    ];
    const seen: string[] = [];
    menu.addEventListener('rb-select', (event) => seen.push(event.detail.value));
    button.addEventListener('click', () => seen.push('opener clicked'));
    menu.show(button);
    await userEvent.keyboard('{ArrowDown} ');
    expect(seen).toEqual(['copy']);
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(button);
  });
});
