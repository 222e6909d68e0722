/**
 * <rb-item-menu> looks like the house's Shoelace menus (sl-menu of sl-menu-items, what the folder
 * browser's menus were): the two are drawn side by side, in Shoelace's light theme and the house theme,
 * and their panels, entries, check column and colours at rest, hovered and focused are compared.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import shoelaceTheme from '@shoelace-style/shoelace/dist/themes/light.css?inline';
import houseTheme from '../../src/styles/theme.css?inline';
import '@shoelace-style/shoelace/dist/components/menu/menu.js';
import '@shoelace-style/shoelace/dist/components/menu-item/menu-item.js';
import '../../elements/rb-item-menu/item-menu.ts';
import type { RbItemMenu } from '../../elements/rb-item-menu/item-menu.ts';
import { opener } from './support/mount.ts';

afterEach(() => document.body.replaceChildren());

function addTheme(): void {
  for (const css of [shoelaceTheme, houseTheme]) {
    const style = document.createElement('style');
    style.textContent = css;
    document.head.append(style);
  }
}
addTheme();

async function both() {
  const button = opener('Options');
  const shoelace = document.createElement('sl-menu');
  shoelace.style.cssText = 'position: fixed; left: 300px; top: 10px; min-width: 11rem;';
  shoelace.innerHTML =
    '<sl-menu-item value="open">Open</sl-menu-item><sl-menu-item type="checkbox" checked value="name">Name ascending</sl-menu-item>';
  document.body.append(shoelace);
  const menu = document.createElement('rb-item-menu') as RbItemMenu;
  document.body.append(menu);
  menu.entries = [
    { value: 'open', label: 'Open' },
    { value: 'name', label: 'Name ascending', checked: true },
  ];
  menu.show(button, button, 'none');
  await Promise.all([...shoelace.querySelectorAll('sl-menu-item')].map((item) => (item as unknown as { updateComplete: Promise<unknown> }).updateComplete));
  const slItems = [...shoelace.querySelectorAll('sl-menu-item')];
  const slBase = (i: number) => slItems[i]!.shadowRoot!.querySelector<HTMLElement>('[part="base"]')!;
  const slLabel = (i: number) => slItems[i]!.shadowRoot!.querySelector<HTMLElement>('[part="label"]')!;
  const items = [...menu.querySelectorAll<HTMLElement>('.rb-menu-item')];
  return { shoelace, menu, slItems, slBase, slLabel, items };
}

const pick = (element: Element, ...names: string[]) => {
  const style = getComputedStyle(element);
  return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
};

describe('<rb-item-menu> looks like a Shoelace menu', () => {
  test('the panel: background, border, radius, padding', async () => {
    const { shoelace, menu } = await both();
    const panel = ['background-color', 'border-top', 'border-radius', 'padding-top', 'padding-bottom'];
    expect(pick(menu, ...panel)).toEqual(pick(shoelace, ...panel));
  });

  test('an entry: its height, font, colour, and where its words begin', async () => {
    const { shoelace, menu, slBase, slLabel, items } = await both();
    const text = ['font-family', 'font-size', 'font-weight', 'line-height', 'color'];
    expect(pick(items[0]!, ...text)).toEqual(pick(slBase(0), ...text));
    for (const i of [0, 1]) {
      expect(items[i]!.getBoundingClientRect().height).toBeCloseTo(slBase(i).getBoundingClientRect().height, 0);
      const words = document.createRange();
      words.selectNodeContents(items[i]!.lastChild!);
      const ours = words.getBoundingClientRect().left - menu.getBoundingClientRect().left;
      const theirs = slLabel(i).getBoundingClientRect().left - shoelace.getBoundingClientRect().left;
      expect(Math.abs(ours - theirs)).toBeLessThanOrEqual(1);
    }
    const check = items[1]!.querySelector('.rb-menu-check')!;
    expect(getComputedStyle(check).visibility).toBe('visible');
  });

  test('an entry under the mouse takes the focus; hovered and keyboard-focused entries take Shoelace’s colours', async () => {
    const { slBase, slItems, items } = await both();
    const colours = ['background-color', 'color'];
    await userEvent.click(document.querySelector('button')!); // a user of the mouse
    await userEvent.hover(items[0]!);
    expect(document.activeElement).toBe(items[0]);
    const hovered = pick(items[0]!, ...colours);
    await userEvent.hover(slItems[0]!);
    expect(document.activeElement).toBe(slItems[0]);
    expect(hovered).toEqual(pick(slBase(0), ...colours));
    expect(hovered['background-color']).not.toBe(pick(items[1]!, 'background-color')['background-color']);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(slItems[1]);
    const theirs = pick(slBase(1), ...colours);
    items[0]!.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    expect(pick(items[1]!, ...colours)).toEqual(theirs);
  });
});
