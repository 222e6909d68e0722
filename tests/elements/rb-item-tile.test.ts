/**
 * <rb-item-tile> alone in Chromium (vitest's `elements` project): THE tile of the folder browser and of
 * its first paint. Its attributes make the kind's picture, the link with the kind said after the name,
 * the description, the date line (its words as given) and the options button's name; the options button emits
 * rb-item-options with itself; a change of attribute redraws in place (the focus stays); a clone (the
 * touch drag's ghost) is drawn once.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../elements/rb-item-tile/item-tile.ts';
import { itemTileMarkup } from '../../src/shared/first-paint/item-tile.ts';
import { attributesMarkup } from '../../src/shared/first-paint/markup.ts';
import { ITEM_KIND_PATHS } from '../../src/shared/item-kinds.ts';

afterEach(() => document.body.replaceChildren());

function mount(attributes: Record<string, string>): HTMLElement {
  const li = document.createElement('li');
  const tile = document.createElement('rb-item-tile');
  for (const [name, value] of Object.entries(attributes)) tile.setAttribute(name, value);
  li.append(tile);
  document.body.append(li);
  return tile;
}

const text = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();

describe('<rb-item-tile>', () => {
  test('draws the name as a link with its kind, the description and the date from its attributes', () => {
    const tile = mount({ name: 'Daily round', href: '/documentation/view/d1', kind: 'form', description: 'Walk the hall', date: '2025-03-03T10:00:00Z', 'date-text': '3 March 2025', modified: '' });
    const link = tile.querySelector('a.item-name')!;
    expect(link.getAttribute('href')).toBe('/documentation/view/d1');
    expect(text(link)).toBe('Daily round, Checklist');
    expect(text(link.querySelector('.visually-hidden'))).toBe(', Checklist');
    expect(text(tile.querySelector('.item-description'))).toBe('Walk the hall');
    const date = tile.querySelector('.item-date')!;
    expect(date.textContent).toMatch(/^Modified /);
    expect(date.querySelector('time')!.dateTime).toBe('2025-03-03T10:00:00Z');
    expect(date.querySelector('time')!.textContent).toBe('3 March 2025');
    const path = tile.querySelector('svg.kind-icon path')!;
    expect(path.getAttribute('d')).toBe(ITEM_KIND_PATHS.form);
    expect(path.getAttribute('fill')).toBe('none');
    expect(tile.querySelector('svg.kind-icon')!.getAttribute('aria-hidden')).toBe('true');
    const options = tile.querySelector('button.item-options')!;
    expect(options.getAttribute('aria-label')).toBe('Options for Daily round');
    expect(options.getAttribute('aria-haspopup')).toBe('menu');
  });

  test('a folder: filled picture, no description, "Created"', () => {
    const tile = mount({ name: 'Archive', href: '/documentation/browse/f1', kind: 'folder', date: '2025-03-03T10:00:00Z' });
    expect(text(tile.querySelector('a.item-name'))).toBe('Archive, Folder');
    expect(tile.querySelector('.item-description')).toBeNull();
    expect(tile.querySelector('.item-date')!.textContent).toMatch(/^Created /);
    expect(tile.querySelector('svg.kind-icon path')!.getAttribute('fill')).toBe('currentColor');
  });

  test('the options button emits rb-item-options with itself, from the mouse and the keyboard', async () => {
    const tile = mount({ name: 'Archive', href: '/x', kind: 'folder', date: '2025-03-03T10:00:00Z' });
    const buttons: HTMLButtonElement[] = [];
    document.body.addEventListener('rb-item-options', (event) => buttons.push(event.detail.button));
    const options = tile.querySelector<HTMLButtonElement>('button.item-options')!;
    await userEvent.click(options);
    options.focus();
    await userEvent.keyboard('{Enter}');
    expect(buttons).toEqual([options, options]);
  });

  test('a changed attribute redraws in place: the focused button keeps the focus', () => {
    const tile = mount({ name: 'Archive', href: '/x', kind: 'folder', date: '2025-03-03T10:00:00Z' });
    const options = tile.querySelector<HTMLButtonElement>('button.item-options')!;
    options.focus();
    tile.setAttribute('name', 'Old archive');
    tile.setAttribute('description', 'Before 2020');
    expect(document.activeElement).toBe(options);
    expect(options.getAttribute('aria-label')).toBe('Options for Old archive');
    expect(text(tile.querySelector('a.item-name'))).toBe('Old archive, Folder');
    expect(text(tile.querySelector('.item-description'))).toBe('Before 2020');
    tile.removeAttribute('description');
    expect(tile.querySelector('.item-description')).toBeNull();
  });

  test('a clone of a drawn tile (the touch drag’s ghost) is drawn once', () => {
    const tile = mount({ name: 'Archive', href: '/x', kind: 'folder', date: '2025-03-03T10:00:00Z' });
    const ghost = tile.closest('li')!.cloneNode(true) as HTMLElement;
    document.body.append(ghost);
    expect(ghost.querySelectorAll('a.item-name')).toHaveLength(1);
    expect(ghost.querySelectorAll('button.item-options')).toHaveLength(1);
  });

  test('a tile that comes with its parts (a folder’s first HTML: THE same markup) keeps them, and its button works', async () => {
    const li = document.createElement('li');
    const attributes = { name: 'Archive <old>', href: '/documentation/browse/f1', kind: 'folder', date: '2025-03-03T10:00:00Z', 'date-text': '3 March 2025' };
    li.innerHTML = `<rb-item-tile${attributesMarkup(attributes)}>${itemTileMarkup(attributes)}</rb-item-tile>`;
    const link = li.querySelector('a.item-name');
    document.body.append(li);
    const tile = li.querySelector('rb-item-tile')!;
    expect(tile.querySelector('a.item-name')).toBe(link);
    expect(tile.querySelectorAll('a.item-name')).toHaveLength(1);
    expect(text(link)).toBe('Archive <old>, Folder');
    const buttons: HTMLButtonElement[] = [];
    document.body.addEventListener('rb-item-options', (event) => buttons.push(event.detail.button));
    const options = tile.querySelector<HTMLButtonElement>('button.item-options')!;
    await userEvent.click(options);
    expect(buttons).toEqual([options]);
    // A new drawing of the same markup is in place.
    tile.setAttribute('name', 'Archive');
    expect(tile.querySelector('a.item-name')).toBe(link);
    expect(text(link)).toBe('Archive, Folder');
  });
});

