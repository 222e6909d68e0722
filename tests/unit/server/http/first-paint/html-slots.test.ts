/** The shell's `data-first-html` slots (src/server/http/first-paint/html-slots.ts) get the drawn markup; the rest stay as built. */
import { describe, expect, it } from 'vitest';
import { fillHtmlSlots } from '../../../../../src/server/http/first-paint/html-slots.ts';

describe('fillHtmlSlots', () => {
  const shell = '<main><div class="document-body" id="document-body" data-first-html="document-body"></div><div id="other" data-first-html="other"></div></main>';

  it('puts the markup into its slot, keeping the attributes, and leaves a slot with nothing drawn empty', () => {
    expect(fillHtmlSlots(shell, { 'document-body': '<p>$& $1 drawn</p>' })).toBe(
      '<main><div class="document-body" id="document-body" data-first-html="document-body"><p>$& $1 drawn</p></div><div id="other" data-first-html="other"></div></main>',
    );
  });

  it('leaves the shell as it is when nothing was drawn', () => {
    expect(fillHtmlSlots(shell, {})).toBe(shell);
  });
});
