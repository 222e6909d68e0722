/**
 * <rb-breadcrumbs> alone in Chromium (vitest's `elements` project): THE breadcrumbs of the documentation
 * pages and the folder browser. Its crumbs make an ordered list: links where a crumb has an address,
 * the page's own crumb marked aria-current (a link or plain text), a '›' hidden from assistive technology
 * before every crumb but the first, drop targets where a crumb names a folder; set again, it draws again.
 */
import { afterEach, describe, expect, test } from 'vitest';
import '../../elements/rb-breadcrumbs/breadcrumbs.ts';

afterEach(() => document.body.replaceChildren());

function mount(): HTMLElementTagNameMap['rb-breadcrumbs'] {
  const nav = document.createElement('nav');
  nav.setAttribute('aria-label', 'Breadcrumbs');
  const crumbs = document.createElement('rb-breadcrumbs');
  nav.append(crumbs);
  document.body.append(nav);
  return crumbs;
}

describe('<rb-breadcrumbs>', () => {
  test('draws an ordered list of links with a hidden separator before all but the first', () => {
    const crumbs = mount();
    crumbs.crumbs = [
      { label: 'Home', href: '/' },
      { label: 'Documentation', href: '/documentation/browse' },
      { label: 'Trash', href: '/documentation/trash/root', current: true },
    ];
    const items = [...crumbs.querySelectorAll('ol.breadcrumb-list > li.breadcrumb')];
    expect(items.map((item) => item.textContent)).toEqual(['Home', '›Documentation', '›Trash']);
    expect(items.map((item) => item.querySelector('a')?.getAttribute('href'))).toEqual(['/', '/documentation/browse', '/documentation/trash/root']);
    for (const separator of crumbs.querySelectorAll('.breadcrumb-separator')) expect(separator.getAttribute('aria-hidden')).toBe('true');
    expect(crumbs.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    expect(crumbs.querySelector('[aria-current="page"]')!.localName).toBe('a');
    expect(crumbs.querySelector('[data-drop-folder-id]')).toBeNull();
  });

  test("the folder browser's: its own crumb is text, folder crumbs are drop targets", () => {
    const crumbs = mount();
    crumbs.crumbs = [
      { label: 'Home', href: '/' },
      { label: 'Documentation', href: '/documentation/browse', folderId: 'root-id' },
      { label: 'Pumps', current: true, folderId: 'f2' },
    ];
    const current = crumbs.querySelector('[aria-current="page"]')!;
    expect(current.localName).toBe('span');
    expect(current.textContent).toBe('Pumps');
    const targets = [...crumbs.querySelectorAll<HTMLElement>('li[data-drop-folder-id]')];
    expect(targets.map((li) => [li.dataset.dropFolderId, li.dataset.dropFolderName])).toEqual([
      ['root-id', 'Documentation'],
      ['f2', 'Pumps'],
    ]);
  });

  test('set again, it draws the new crumbs only', () => {
    const crumbs = mount();
    crumbs.crumbs = [{ label: 'Home', href: '/' }];
    crumbs.crumbs = [{ label: 'Home', href: '/' }, { label: 'Search', href: '/documentation/search', current: true }];
    expect(crumbs.querySelectorAll('ol')).toHaveLength(1);
    expect([...crumbs.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Home', '›Search']);
  });

  test('the same crumbs again (or as the server drew them) keep their nodes: a focused crumb stays focused', () => {
    const crumbs = mount();
    const trail = [
      { label: 'Home', href: '/' },
      { label: "Yard & Dock's", href: '/documentation/browse/f1' },
    ];
    crumbs.crumbs = trail;
    const link = crumbs.querySelector<HTMLAnchorElement>('a[href="/documentation/browse/f1"]')!;
    link.focus();
    crumbs.crumbs = [...trail];
    expect(crumbs.querySelector('a[href="/documentation/browse/f1"]')).toBe(link);
    expect(document.activeElement).toBe(link);
    crumbs.crumbs = [...trail, { label: 'Line 9', href: '/documentation/browse/f2' }];
    expect(crumbs.querySelectorAll('li.breadcrumb')).toHaveLength(3);
  });
});
