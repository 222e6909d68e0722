/**
 * Home's first paint in its HTML (src/server/http/first-paint/home.ts): for a visitor with an
 * organisation, the dashboard shown with its welcome card (name escaped, the trial's line), its first
 * steps and its panels drawn from their answers, the page shown; nothing for a visitor without one, or
 * without auth/me.
 */
import { describe, expect, it } from 'vitest';
import { attr, attrsOf, childElements, nextElement, one, outline, outlines, readHtml, select, textOf } from '../../../../support/html.ts';
import { dateTimeText } from '../../../../../src/shared/date-time.ts';
import { homePaint } from '../../../../../src/server/http/first-paint/home.ts';
import { editShell } from '../../../../../src/server/http/first-paint/shell-edits.ts';
import { matchRoute } from '../../../../../src/routes.ts';

const paintHome = (html: string, ...paint: Parameters<typeof homePaint>) => editShell(html, homePaint(...paint));

const SHELL =
  '<main class="chrome-main" id="main" tabindex="-1" aria-busy="true"> <div class="page-skeleton" id="page-skeleton" aria-hidden="true"> <div class="skeleton-line"></div> </div> ' +
  '<div class="page-content" id="page-content" hidden><section id="home-picker" hidden></section>' +
  '<section id="home-dashboard" aria-labelledby="home-dashboard-heading" hidden data-astro-cid-j><h2 id="welcome-heading">Welcome to <span id="welcome-org" data-astro-cid-j></span></h2>' +
  '<p id="welcome-trial" hidden data-astro-cid-j></p>' +
  '<section class="card home-invitations" id="home-invitations" aria-labelledby="home-invitations-heading" hidden data-astro-cid-j><ul class="home-invitation-list" id="home-invitation-list" data-astro-cid-j></ul></section>' +
  '<section class="card first-steps" id="first-steps" aria-labelledby="first-steps-heading" hidden data-astro-cid-j> <ol class="first-steps-list" id="first-steps-list" data-astro-cid-j></ol> </section>' +
  ['assignments', 'drafts', 'favourites', 'activity']
    .map((name) => `<ul class="dashboard-list" data-dashboard-list="${name}" tabindex="0" aria-busy="true" data-astro-cid-j><li class="dashboard-empty" data-astro-cid-j>Loading…</li></ul>`)
    .join('') +
  '</section></div></main>';

const me = (org: unknown, isOrgAdmin = false, invitations: unknown[] = []) => ({ me: { status: 200, body: { username: 'ann', is_org_admin: isOrgAdmin, org, invitations } } });
const trialing = (trialEndsAt: string) => ({ status: 'trialing', trial_ends_at: trialEndsAt, current_period_end: null });
const OFF = { status: 'off', trial_ends_at: null, current_period_end: null };

describe('paintHome', () => {
  it('shows the dashboard with the welcome card of the organisation, escaped', () => {
    const html = paintHome(SHELL, matchRoute('/')!, me({ id: 'o1', name: 'Acme <&> Co', subscription: OFF }));
    expect(attrsOf(one(html, 'section#home-dashboard'))).toEqual({ id: 'home-dashboard', 'aria-labelledby': 'home-dashboard-heading', 'data-astro-cid-j': '' });
    expect(outline(one(html, '#welcome-org'))).toEqual({ tag: 'span', attrs: { id: 'welcome-org', 'data-astro-cid-j': '' }, text: 'Acme <&> Co' });
    expect(childElements(one(html, '#welcome-org'))).toEqual([]); // escaped: no element in the name
    expect(outline(one(html, '#welcome-trial'))).toEqual({ tag: 'p', attrs: { id: 'welcome-trial', hidden: '', 'data-astro-cid-j': '' }, text: '' });
    expect(attrsOf(one(html, 'section#home-picker'))).toEqual({ id: 'home-picker', hidden: '' });
    expect(select(html, '.page-skeleton')).toEqual([]);
    expect(select(html, '#page-skeleton')).toEqual([]);
  });

  it('writes the trial’s end, and Billing beside it for an org admin only (billing off: no line, above)', () => {
    const html = paintHome(SHELL, matchRoute('/')!, me({ id: 'o1', name: 'Acme', subscription: trialing('2999-01-02T00:00:00Z') }));
    const trialEnd = dateTimeText('2999-01-02T00:00:00Z', 'UTC');
    const trial = one(html, 'p#welcome-trial');
    expect(outline(trial)).toEqual({ tag: 'p', attrs: { id: 'welcome-trial', 'data-astro-cid-j': '' }, text: `Your free trial ends on ${trialEnd}.` });
    expect(childElements(trial).map(outline)).toEqual([{ tag: 'time', attrs: { datetime: '2999-01-02T00:00:00Z' }, text: trialEnd }]);
    const admin = paintHome(SHELL, matchRoute('/')!, me({ id: 'o1', name: 'Acme', subscription: trialing('2999-01-02T00:00:00Z') }, true));
    const adminTrial = one(admin, 'p#welcome-trial');
    expect(textOf(adminTrial)).toBe(`Your free trial ends on ${trialEnd}. Billing`);
    expect(childElements(adminTrial).map(outline)).toEqual([
      { tag: 'time', attrs: { datetime: '2999-01-02T00:00:00Z' }, text: trialEnd },
      { tag: 'a', attrs: { href: '/billing', class: 'welcome-billing' }, text: 'Billing' },
    ]);
  });

  it('lists the pending invitations below the welcome, each with Accept and Decline (none: the section stays hidden)', () => {
    const html = paintHome(SHELL, matchRoute('/')!, me({ id: 'o1', name: 'Acme', subscription: OFF }, false, [{ id: 'i1', org_id: 'o2', org_name: 'Beta & Co', expiry: '2999-01-01T00:00:00Z' }]));
    expect(attrsOf(one(html, 'section#home-invitations'))).toEqual({ class: 'card home-invitations', id: 'home-invitations', 'aria-labelledby': 'home-invitations-heading', 'data-astro-cid-j': '' });
    const invitations = one(html, 'ul#home-invitation-list');
    expect(attrsOf(invitations)).toEqual({ class: 'home-invitation-list', id: 'home-invitation-list', 'data-astro-cid-j': '' });
    expect(childElements(invitations).map(outline)).toEqual([{ tag: 'li', attrs: { class: 'home-invitation', 'data-invitation': 'i1' }, text: 'Beta & CoAcceptDecline' }]);
    const [org, buttons] = childElements(childElements(invitations)[0]!);
    expect(outline(org!)).toEqual({ tag: 'span', attrs: { class: 'home-invitation-org' }, text: 'Beta & Co' });
    expect(attrsOf(buttons!)).toEqual({ class: 'home-invitation-answers' });
    expect(childElements(buttons!).map(outline)).toEqual([
      { tag: 'button', attrs: { type: 'button', class: 'button', 'data-accept': 'true', 'aria-label': 'Accept the invitation to join Beta & Co' }, text: 'Accept' },
      { tag: 'button', attrs: { type: 'button', class: 'button secondary', 'data-accept': 'false', 'aria-label': 'Decline the invitation to join Beta & Co' }, text: 'Decline' },
    ]);
    const none = paintHome(SHELL, matchRoute('/')!, me({ id: 'o1', name: 'Acme', subscription: OFF }));
    expect(attrsOf(one(none, 'section#home-invitations'))).toMatchObject({ 'aria-labelledby': 'home-invitations-heading', hidden: '' });
  });

  it('draws nothing without an organisation, without auth/me, or on another page', () => {
    expect(paintHome(SHELL, matchRoute('/')!, me(null))).toBe(SHELL);
    expect(paintHome(SHELL, matchRoute('/')!, {})).toBe(SHELL);
    expect(paintHome(SHELL, matchRoute('/billing')!, me({ id: 'o1', name: 'Acme', subscription: OFF }))).toBe(SHELL);
  });

  describe('the first steps and the panels', () => {
    const [assignments, favourites, activity, firstSteps] = ['assignments', 'favourites', 'recentActivity', 'firstSteps'] as const;
    const ok = (body: unknown) => ({ status: 200, body });
    const list = (html: string, name: string) => one(html, `ul[data-dashboard-list="${name}"]`);
    const assignment = {
      id: 'a1', kind: 'document', object_id: 'd1', object_name: 'Gate', doctype: 'form', assigned_at: '2026-03-04T05:06:00Z',
      assigned_to: { type: 'org', id: 'o1', name: 'Acme' }, assigned_by_username: 'bob', notes: '', claimed: false,
      claimed_by_username: null, completed: false, submission_id: null, failing_answers: [],
    };
    const answers = {
      ...me({ id: 'o1', name: 'Acme', subscription: OFF }, true),
      [assignments]: ok({ results: [assignment], total: 1 }),
      [favourites]: ok({ results: [], total: 0 }),
      [activity]: ok({ results: [], total: 0, unread: 0 }),
      [firstSteps]: ok({ root_permissions: 32767, steps: { folder: true, checklist: false, member: false, qr_labels: false } }),
    };

    it('draws each panel from its answer, empty ones with their guidance, drafts as none (the browser lists its own), and the first steps', () => {
      const html = paintHome(SHELL, matchRoute('/')!, answers);
      expect(outlines(list(html, 'assignments'), 'button')).toContainEqual({ tag: 'button', attrs: { class: 'button', type: 'button', 'data-action': 'claim', 'aria-label': 'Claim Gate' }, text: 'Claim' });
      const time = one(list(html, 'assignments'), 'time[datetime="2026-03-04T05:06:00Z"]');
      expect(textOf(time)).toMatch(/^Mar 4, 2026, 5:06/);
      expect(textOf(time.parentNode!)).toContain(`Assigned to Acme by bob, ${textOf(time)}`);
      const favourites = one(list(html, 'favourites'), 'p.dashboard-empty-text');
      expect(outline(favourites)).toEqual({ tag: 'p', attrs: { class: 'dashboard-empty-text' }, text: 'No favourites yet' });
      const guide = nextElement(favourites)!;
      expect([guide.tagName, attr(guide, 'class')]).toEqual(['p', 'dashboard-guide']);
      expect(outlines(list(html, 'activity'), 'a')).toContainEqual({ tag: 'a', attrs: { class: 'dashboard-offer', href: '/admin/users' }, text: 'Invite people' });
      expect(outlines(list(html, 'drafts'), 'p')).toContainEqual({ tag: 'p', attrs: { class: 'dashboard-empty-text' }, text: 'No checklists in progress' });
      for (const name of ['assignments', 'drafts', 'favourites', 'activity']) expect(attr(list(html, name), 'aria-busy'), name).toBeUndefined();
      expect(attrsOf(one(html, 'section#first-steps'))).toEqual({ class: 'card first-steps', id: 'first-steps', 'aria-labelledby': 'first-steps-heading', 'data-astro-cid-j': '' });
      const steps = one(html, 'ol#first-steps-list');
      expect(attrsOf(steps)).toEqual({ class: 'first-steps-list', id: 'first-steps-list', 'data-astro-cid-j': '' });
      expect(attrsOf(childElements(steps)[0]!)).toEqual({ class: 'first-step', 'data-done': 'true' });
      expect(textOf(readHtml(html))).not.toContain('Loading…');
    });

    it('leaves a panel whose answer is missing or refused loading, and the empty ones too without the first steps (their guidance)', () => {
      const html = paintHome(SHELL, matchRoute('/')!, { ...answers, [favourites]: { status: 403, body: { detail: 'no' } }, [firstSteps]: { status: 404, body: {} } });
      expect(attr(one(list(html, 'assignments'), 'button[data-action="claim"]'), 'aria-label')).toBe('Claim Gate');
      for (const name of ['drafts', 'favourites', 'activity']) {
        expect(childElements(list(html, name)).map(outline), name).toEqual([{ tag: 'li', attrs: { class: 'dashboard-empty', 'data-astro-cid-j': '' }, text: 'Loading…' }]);
      }
      expect(attrsOf(one(html, 'section#first-steps'))).toMatchObject({ 'aria-labelledby': 'first-steps-heading', hidden: '' });
    });

    it('shows no first steps once every one is done, or to a member', () => {
      const done = { root_permissions: 1, steps: { folder: true, checklist: true, member: true, qr_labels: true } };
      expect(attrsOf(one(paintHome(SHELL, matchRoute('/')!, { ...answers, [firstSteps]: ok(done) }), 'section#first-steps'))).toMatchObject({ 'aria-labelledby': 'first-steps-heading', hidden: '' });
      const member = paintHome(SHELL, matchRoute('/')!, { ...answers, [firstSteps]: ok({ root_permissions: 1, steps: null }) });
      expect(outline(one(member, 'ol#first-steps-list'))).toEqual({ tag: 'ol', attrs: { class: 'first-steps-list', id: 'first-steps-list', 'data-astro-cid-j': '' }, text: '' });
      expect(childElements(one(member, 'ol#first-steps-list'))).toEqual([]);
    });
  });
});
