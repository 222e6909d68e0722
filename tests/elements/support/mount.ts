/**
 * Mounting an element alone in the test page (vitest's `elements` project, a real Chromium): the markup
 * goes into the document's body, and the test waits until Lit has rendered it. Each test file empties
 * the body after each test (`afterEach(() => document.body.replaceChildren())`).
 */
import type { LitElement } from 'lit';

/** Puts `markup` (one element) into the body and resolves to it once it has rendered. */
export async function mount<T extends LitElement>(markup: string): Promise<T> {
  const template = document.createElement('template');
  template.innerHTML = markup.trim();
  const element = template.content.firstElementChild as T;
  document.body.append(element);
  await customElements.whenDefined(element.localName);
  await element.updateComplete;
  return element;
}

/** A button in the page that has the focus, as the control that opens a dialog has when clicked. */
export function opener(label: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.textContent = label;
  document.body.append(button);
  button.focus();
  return button;
}

/** The element's shadow root. */
export function shadowOf(element: Element): ShadowRoot {
  if (!element.shadowRoot) throw new Error(`<${element.localName}> has no open shadow root`);
  return element.shadowRoot;
}

/** The accessible name of an element in a shadow root: aria-label, aria-labelledby, its <label>, or its text. */
export function nameOf(element: Element): string {
  const root = element.getRootNode() as ShadowRoot | Document;
  const label = element.getAttribute('aria-label');
  if (label) return label.trim();
  const by = element.getAttribute('aria-labelledby');
  if (by) return by.split(/\s+/).map((id) => root.getElementById(id)?.textContent?.trim() ?? '').join(' ');
  const labels = (element as HTMLInputElement).labels;
  if (labels?.length) return [...labels].map((l) => l.textContent?.trim() ?? '').join(' ');
  return element.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

const ROLES: Record<string, string> = {
  button: 'button',
  checkbox: 'input[type="checkbox"]',
  combobox: 'select',
  textbox: 'textarea, input:not([type]), input[type="text"]',
  alert: '[role="alert"]',
  dialog: 'dialog',
};

/** Every control of `role` named `name` in the element's shadow root. */
export function allByRole<E extends HTMLElement = HTMLButtonElement>(element: Element, role: keyof typeof ROLES, name: string): E[] {
  return [...shadowOf(element).querySelectorAll<E>(ROLES[role]!)].filter((e) => nameOf(e) === name);
}

/** The one control of `role` named `name` in the element's shadow root (an error when none or several). */
export function byRole<E extends HTMLElement = HTMLButtonElement>(element: Element, role: keyof typeof ROLES, name: string): E {
  const found = allByRole<E>(element, role, name);
  if (found.length !== 1) throw new Error(`${found.length} of ${role} named '${name}' in <${element.localName}>`);
  return found[0]!;
}
