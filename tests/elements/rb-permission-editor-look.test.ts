/**
 * Issue #43 item 16: <rb-permission-editor> drawn with the house's controls (theme.css "Buttons" and
 * "Forms", restated for elements): 'Add Entry' the primary button, 'Remove' a secondary one, selects the
 * house fields, checkboxes in the theme's colour, and the inherited table's headers on one line.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { AclSubject } from '../../src/shared/api/documentation.ts';
import '../../elements/rb-permission-editor/rb-permission-editor.ts';

afterEach(() => document.body.replaceChildren());

const ORG = '0190e1a0-0000-7000-8000-000000000001';
const subjects: AclSubject[] = [
  { id: ORG, name: 'Acme Ltd', type: 'org' },
  { id: '0190e1a0-0000-7000-8000-000000000002', name: 'Managers', type: 'role' },
];

async function editor(): Promise<HTMLElementTagNameMap['rb-permission-editor']> {
  const element = document.createElement('rb-permission-editor');
  element.style.width = '640px'; // the Properties dialog's width on a desktop
  document.body.append(element);
  element.subjects = subjects;
  element.entries = [{ subject: ORG, is_grant: true, permissions: 1 }];
  element.inherited = [{ subject: ORG, subject_name: 'Acme Ltd', is_grant: true, permissions: 3, from_folder_id: 'root', from_folder_name: 'Acme Ltd' }];
  await element.updateComplete;
  return element;
}

const NAVY = 'rgb(26, 34, 56)';

describe('<rb-permission-editor> looks like the rest of the app', () => {
  test('buttons, fields and checkboxes are the house controls', async () => {
    const root = (await editor()).shadowRoot!;
    const add = getComputedStyle(root.querySelector('button.add')!);
    expect(add.backgroundColor).toBe(NAVY);
    expect(add.color).toBe('rgb(255, 255, 255)');
    expect(add.fontWeight).toBe('600');
    expect(add.borderRadius).toBe('6px');
    expect(parseFloat(add.minHeight)).toBeGreaterThanOrEqual(40);
    const remove = getComputedStyle(root.querySelector('button.remove')!);
    expect(remove.backgroundColor).toBe('rgb(255, 255, 255)');
    expect(remove.borderColor).toBe(NAVY);
    expect(remove.borderRadius).toBe('6px');
    expect(remove.fontWeight).toBe('600');
    for (const select of root.querySelectorAll('select')) {
      const s = getComputedStyle(select);
      expect(s.borderRadius).toBe('6px');
      expect(s.borderTopColor).toBe('rgb(201, 205, 214)');
      expect(parseFloat(s.minHeight)).toBeGreaterThanOrEqual(40);
    }
    expect(getComputedStyle(root.querySelector('input[type="checkbox"]')!).accentColor).toBe(NAVY);
  });

  test("the inherited table's headers stay on one line where there is room", async () => {
    const root = (await editor()).shadowRoot!;
    const headers = [...root.querySelectorAll('th')];
    expect(headers.map((th) => th.textContent?.trim())).toContain('From folder');
    for (const th of headers) expect(getComputedStyle(th).whiteSpace).toBe('nowrap');
  });
});
