/**
 * <rb-item-menu> alone in Chromium (vitest's `elements` project): THE popup menu of the documentation
 * pages and the folder browser. Its entries make a role="menu" named by `label`, with menuitems (and
 * menuitemcheckboxes); show() puts it beside the anchor and focuses the checked entry or the first; the
 * arrows, Home and End move; Enter chooses (rb-select, the focus back on the opener); Escape closes it
 * (rb-close, the focus back); Tab closes it; a press outside closes it without taking the focus.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../elements/rb-item-menu/item-menu.ts';
import type { RbItemMenu } from '../../elements/rb-item-menu/item-menu.ts';
import { opener } from './support/mount.ts';

afterEach(() => document.body.replaceChildren());

function mount(label = 'Options for Pumps'): RbItemMenu {
  const menu = document.createElement('rb-item-menu');
  menu.setAttribute('label', label);
  document.body.append(menu);
  menu.entries = [
    { value: 'open', label: 'Open' },
    { value: 'copy', label: 'Copy' },
    { value: 'delete', label: 'Delete', danger: true },
  ];
  return menu;
}

const items = (menu: Element) => [...menu.querySelectorAll<HTMLButtonElement>('[role^="menuitem"]')];
const events = (menu: HTMLElement) => {
  const seen: string[] = [];
  menu.addEventListener('rb-select', (event) => seen.push(`select ${event.detail.value}`));
  menu.addEventListener('rb-close', () => seen.push('close'));
  return seen;
};

describe('<rb-item-menu>', () => {
  test('a named menu of its entries, hidden until shown, then beside its anchor with the first entry focused', () => {
    const button = opener('Options');
    const menu = mount();
    expect(menu.getAttribute('role')).toBe('menu');
    expect(menu.getAttribute('aria-label')).toBe('Options for Pumps');
    expect(items(menu).map((item) => [item.getAttribute('role'), item.textContent])).toEqual([
      ['menuitem', 'Open'],
      ['menuitem', 'Copy'],
      ['menuitem', 'Delete'],
    ]);
    expect(menu.open).toBe(false);
    expect(menu.checkVisibility()).toBe(false);
    menu.show(button);
    expect(menu.open).toBe(true);
    expect(document.activeElement).toBe(items(menu)[0]);
    const at = button.getBoundingClientRect();
    const box = menu.getBoundingClientRect();
    expect(Math.round(box.top)).toBe(Math.round(at.bottom + 4));
    expect(Math.round(box.left)).toBe(Math.max(4, Math.round(at.left)));
  });

  test('arrows, Home and End move round; Enter chooses: rb-select, closed, focus back on the opener', async () => {
    const button = opener('Options');
    const menu = mount();
    const seen = events(menu);
    menu.show(button);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items(menu)[1]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(items(menu)[2]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items(menu)[0]);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items(menu)[2]);
    await userEvent.keyboard('{Home}{ArrowDown}{Enter}');
    expect(seen).toEqual(['select copy']);
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  test('Escape closes it: rb-close, and the focus goes back to the opener', async () => {
    const button = opener('Options');
    const menu = mount();
    const seen = events(menu);
    menu.show(button);
    await userEvent.keyboard('{Escape}');
    expect(seen).toEqual(['close']);
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  test('Tab closes it and the focus moves on from the opener', async () => {
    const button = opener('Options');
    const next = opener('Next');
    button.focus();
    const menu = mount();
    const seen = events(menu);
    menu.show(button);
    await userEvent.keyboard('{Tab}');
    expect(seen).toEqual(['close']);
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(next);
  });

  test('a press outside closes it without taking the focus; a click on an entry chooses it', async () => {
    const button = opener('Options');
    const elsewhere = opener('Elsewhere');
    elsewhere.style.cssText = 'position: fixed; right: 0; bottom: 0'; // not under the menu
    const menu = mount();
    const seen = events(menu);
    menu.show(button, button);
    await userEvent.click(elsewhere);
    expect(seen).toEqual(['close']);
    expect(menu.open).toBe(false);
    expect(document.activeElement).toBe(elsewhere);
    menu.show(button, button);
    await userEvent.click(items(menu)[2]!);
    expect(seen).toEqual(['close', 'select delete']);
    expect(document.activeElement).toBe(button);
  });

  test('checkbox entries: the checked one takes the focus; new entries keep the focused value', () => {
    const button = opener('Sort');
    const menu = mount('Sort by');
    menu.entries = [
      { value: 'name', label: 'Name', checked: false },
      { value: 'date', label: 'Date', checked: true },
    ];
    menu.show(button);
    expect(items(menu).map((item) => [item.getAttribute('role'), item.getAttribute('aria-checked')])).toEqual([
      ['menuitemcheckbox', 'false'],
      ['menuitemcheckbox', 'true'],
    ]);
    expect(document.activeElement?.textContent).toBe('Date');
    menu.entries = [
      { value: 'date', label: 'Date', checked: true },
      { value: 'name', label: 'Name', checked: false },
    ];
    expect(document.activeElement?.textContent).toBe('Date');
  });

  test('at a point (a right-click) near the bottom of the window, it opens above it, inside the window', () => {
    const menu = mount();
    const y = innerHeight - 10;
    menu.show({ getBoundingClientRect: () => new DOMRect(innerWidth - 5, y, 0, 0) }, null);
    const box = menu.getBoundingClientRect();
    expect(box.bottom).toBeLessThanOrEqual(y);
    expect(box.right).toBeLessThanOrEqual(innerWidth);
  });
});
