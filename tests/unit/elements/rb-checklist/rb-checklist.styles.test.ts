/**
 * rb-checklist's styles are sent with the filler (the view page's and /fill/'s first load, within their
 * weight budgets) and drawn into the server's HTML: their comments are JavaScript's, between the sheets,
 * so none of them is sent (they were ~270 B gzip of the filler's file).
 */
import { describe, expect, test } from 'vitest';
import { styles } from '../../../../elements/rb-checklist/rb-checklist.styles.ts';
import { dialogStyles } from '../../../../elements/shared/dialog.styles.ts';
import { embedReset } from '../../../../elements/shared/embed-reset.styles.ts';

describe("rb-checklist's styles", () => {
  test('hold no CSS comment', () => {
    const own = styles.filter((sheet) => sheet !== embedReset && sheet !== dialogStyles).map((sheet) => sheet.cssText);
    expect(own.length).toBeGreaterThan(0);
    for (const text of own) expect(text).not.toContain('/*');
  });
});
