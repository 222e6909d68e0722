/**
 * THE look of a dialog (issue #9) and how a browser test checks an open one against it: the title, the
 * close button with its X, the primary and secondary buttons, the corner radius (`expectHouseLook`), and
 * nothing inside it scrolling sideways (`expectFitsViewport`). Used by tests/e2e/dialogs.spec.ts, which
 * opens every dialog of the product.
 */
import { expect, type Locator } from '@playwright/test';

/** What one dialog looks like, read from the rendered page. */
interface Look {
  titleFontSize: string;
  titleFontWeight: string;
  titleColor: string;
  panelRadius: string;
  closeButton: { name: string; width: number; height: number; iconWidth: number; color: string };
  primary?: ButtonLook;
  secondary?: ButtonLook;
}

interface ButtonLook {
  height: number;
  fontSize: string;
  fontWeight: string;
  background: string;
  color: string;
  borderColor: string;
  radius: string;
}

const navy = 'rgb(26, 34, 56)';
const white = 'rgb(255, 255, 255)';
/** THE look of a dialog: the light pages' .button and dialog.dialog, in theme.css. */
const house = {
  titleFontSize: '20px',
  titleFontWeight: '600',
  titleColor: 'rgb(28, 31, 38)',
  panelRadius: '10px',
  primary: { height: 40, fontSize: '16px', fontWeight: '600', background: navy, color: white, borderColor: navy, radius: '6px' },
  secondary: { height: 40, fontSize: '16px', fontWeight: '600', background: white, color: navy, borderColor: navy, radius: '6px' },
};

/**
 * Reads the look of the open dialog `name` (a role=dialog element: a native <dialog>, Shoelace's
 * panel, or the dialog inside an element's shadow root).
 */
async function lookOf(dialog: Locator): Promise<Look> {
  return dialog.evaluate((box: Element) => {
    const root = box.getRootNode() as Document | ShadowRoot;
    const style = (el: Element) => getComputedStyle(el);
    const title = root.getElementById(box.getAttribute('aria-labelledby') ?? '') ?? box.querySelector('h2');
    if (!title) throw new Error('the dialog has no title');
    // Shoelace: the panel is in sl-dialog's shadow root, the content slotted into it from the host.
    const host = root instanceof ShadowRoot ? root.host : null;
    const content: Element = host?.localName === 'sl-dialog' ? host : box;
    const header = box.querySelector('[part~="header"], .dialog-header');
    const close = header?.querySelector('sl-icon-button, button');
    if (!close) throw new Error('the dialog has no close button in its header');
    const closeBase = close.shadowRoot?.querySelector('[part~="base"]') ?? close;
    const icon = (close.shadowRoot?.querySelector('sl-icon')?.shadowRoot ?? close).querySelector('svg');
    const buttonLook = (button: Element | null | undefined) => {
      if (!button) return undefined;
      const base = button.shadowRoot?.querySelector('[part~="base"]') ?? button;
      const s = style(base);
      return {
        height: Math.round(base.getBoundingClientRect().height),
        fontSize: s.fontSize,
        fontWeight: s.fontWeight,
        background: s.backgroundColor,
        color: s.color,
        borderColor: s.borderTopColor,
        radius: s.borderTopLeftRadius,
      };
    };
    const inContent = (selector: string) =>
      [...content.querySelectorAll(selector), ...(content.shadowRoot?.querySelectorAll(selector) ?? [])].find(
        (b) => !b.closest('[part~="header"], .dialog-header') && b.getClientRects().length > 0,
      );
    return {
      titleFontSize: style(title).fontSize,
      titleFontWeight: style(title).fontWeight,
      titleColor: style(title).color,
      panelRadius: style(box).borderTopLeftRadius,
      closeButton: {
        name: close.getAttribute('aria-label') ?? close.getAttribute('label') ?? '',
        width: Math.round(closeBase.getBoundingClientRect().width),
        height: Math.round(closeBase.getBoundingClientRect().height),
        iconWidth: Math.round(icon?.getBoundingClientRect().width ?? 0),
        color: style(closeBase).color,
      },
      primary: buttonLook(inContent('sl-button[variant="primary"], button.button:not(.secondary):not(.text):not(.danger), .dialog-actions button:not([class])')),
      secondary: buttonLook(inContent('sl-button:not([variant]), sl-button[variant="default"], button.secondary')),
    };
  });
}

/** Nothing inside the dialog scrolls sideways, and the whole box lies inside the viewport. */
export async function expectFitsViewport(dialog: Locator): Promise<void> {
  const fit = await dialog.evaluate((box: Element) => {
    const wide = [box, ...box.querySelectorAll('*')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
      .map((el) => `${el.localName}.${[...el.classList].join('.')} ${el.scrollWidth}>${el.clientWidth}`);
    const r = box.getBoundingClientRect();
    return { wide, left: r.left, right: r.right, viewport: document.documentElement.clientWidth };
  });
  expect(fit.wide, 'parts of the dialog that scroll sideways').toEqual([]);
  expect(fit.left).toBeGreaterThanOrEqual(0);
  expect(fit.right).toBeLessThanOrEqual(fit.viewport);
}

/**
 * The open dialog has THE look: title, corner radius, a named close button of at least 32 px showing its
 * X, and (for each of `buttons`) the house's primary and secondary buttons. Call once it stands still.
 */
export async function expectHouseLook(dialog: Locator, buttons: readonly ('primary' | 'secondary')[]): Promise<void> {
  // The close button's X is an icon its element fetches on first use: read the look once it is drawn.
  await expect.poll(async () => (await lookOf(dialog)).closeButton.iconWidth, { message: 'the close button shows its X' }).toBeGreaterThanOrEqual(14);
  const look = await lookOf(dialog);
  expect(look.titleFontSize, 'title size').toBe(house.titleFontSize);
  expect(look.titleFontWeight, 'title weight').toBe(house.titleFontWeight);
  expect(look.titleColor, 'title colour').toBe(house.titleColor);
  expect(look.panelRadius, 'corner radius').toBe(house.panelRadius);
  expect(look.closeButton.name, 'the close button is named').toBe('Close');
  expect(look.closeButton.width, 'close button width').toBeGreaterThanOrEqual(32);
  expect(look.closeButton.height, 'close button height').toBeGreaterThanOrEqual(32);
  for (const kind of buttons) expect(look[kind], `${kind} button`).toEqual(house[kind]);
}
