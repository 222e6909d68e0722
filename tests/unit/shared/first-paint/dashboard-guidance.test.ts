import { describe, expect, it } from 'vitest';
import { childElements, outline, readHtml, select } from '../../../support/html.ts';
import { emptyLineMarkup, emptyPanelGuide, firstStepItems, firstStepsMarkup } from '../../../../src/shared/first-paint/dashboard-guidance.ts';
import { Permission } from '../../../../src/shared/permissions/index.ts';

const ALL = 63;
const member = (rootPermissions: number) => ({ isOrgAdmin: false, rootPermissions });

describe('emptyPanelGuide', () => {
  it('says what fills each panel, and offers adding only to someone allowed at the root', () => {
    expect(emptyPanelGuide('drafts', member(ALL)).offer).toEqual({ href: '/documentation/browse', text: 'Create a folder or checklist' });
    expect(emptyPanelGuide('drafts', member(Permission.Read)).offer).toEqual({ href: '/documentation/browse', text: 'Browse Documents' });
    expect(emptyPanelGuide('assignments', member(ALL)).offer?.text).toBe('Assign a checklist from its menu in Browse Documents');
    expect(emptyPanelGuide('assignments', member(Permission.Read)).offer).toBeUndefined();
    expect(emptyPanelGuide('activity', member(ALL)).offer).toBeUndefined();
    expect(emptyPanelGuide('activity', { isOrgAdmin: true, rootPermissions: 32767 }).offer).toEqual({ href: '/admin/users', text: 'Invite people' });
    for (const panel of ['assignments', 'drafts', 'favourites', 'activity'] as const) expect(emptyPanelGuide(panel, member(0)).hint).toMatch(/show here\.$/);
  });
});

describe('firstStepItems', () => {
  it('lists the four steps in order with their state, while one is left; nothing for a non-admin or when all are done', () => {
    const items = firstStepItems({ folder: true, checklist: false, member: false, qr_labels: false });
    expect(items?.map((i) => [i.text, i.done])).toEqual([
      ['Create a folder', true],
      ['Make a checklist', false],
      ['Invite a member', false],
      ['Print QR labels for a folder', false],
    ]);
    expect(firstStepItems(null)).toBeUndefined();
    expect(firstStepItems({ folder: true, checklist: true, member: true, qr_labels: true })).toBeUndefined();
  });
});

describe('emptyLineMarkup', () => {
  it('says the panel is empty, what would fill it and the offer once the viewer is known; a failure says only itself', () => {
    expect(emptyLineMarkup('No favourites yet', 'favourites', member(ALL))).toBe(
      '<li class="dashboard-empty" data-empty-panel="favourites"><p class="dashboard-empty-text">No favourites yet</p>' +
        '<p class="dashboard-guide">Folders and documents you mark as favourites show here.</p><a class="dashboard-offer" href="/documentation/browse">Browse Documents</a></li>',
    );
    expect(select(emptyLineMarkup('No recent activity', 'activity', member(ALL)), '.dashboard-offer')).toEqual([]);
    expect(emptyLineMarkup('No recent activity', 'activity')).toBe('<li class="dashboard-empty" data-empty-panel="activity"><p class="dashboard-empty-text">No recent activity</p></li>');
    expect(emptyLineMarkup('Something went wrong: <b>x</b>')).toBe('<li class="dashboard-empty"><p class="dashboard-empty-text">Something went wrong: &#60;b&#62;x&#60;/b&#62;</p></li>');
  });
});

describe('firstStepsMarkup', () => {
  it('draws each step with its mark, its link and its state in words', () => {
    const markup = firstStepsMarkup(firstStepItems({ folder: true, checklist: false, member: false, qr_labels: false })!);
    const step = (done: boolean, mark: string, href: string, name: string) => [
      { tag: 'li', attrs: { class: 'first-step', 'data-done': String(done) }, text: `${mark}${name} (${done ? 'done' : 'to do'})` },
      [
        { tag: 'span', attrs: { class: 'first-step-mark', 'aria-hidden': 'true' }, text: mark },
        { tag: 'a', attrs: { href }, text: name },
        { tag: 'span', attrs: { class: 'visually-hidden' }, text: ` (${done ? 'done' : 'to do'})` },
      ],
    ];
    const steps = childElements(readHtml(markup)).map((li) => [outline(li), childElements(li).map(outline)]);
    expect(steps).toContainEqual(step(true, '✓', '/documentation/browse', 'Create a folder'));
    expect(steps).toContainEqual(step(false, '', '/admin/users', 'Invite a member'));
    expect(childElements(readHtml(markup)).map((li) => li.tagName)).toEqual(['li', 'li', 'li', 'li']);
  });
});
