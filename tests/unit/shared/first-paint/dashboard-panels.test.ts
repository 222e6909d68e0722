/**
 * The dashboard's panels as markup (src/shared/first-paint/dashboard-panels.ts): what home's script sets and
 * the server writes into the first HTML — links, words, escaping, the buttons an assignment offers.
 */
import { describe, expect, it } from 'vitest';
import { outlines } from '../../../support/html.ts';
import type { Assignment } from '../../../../src/shared/api/assignments.ts';
import {
  activityItemMarkup,
  assignmentHref,
  assignmentItemMarkup,
  draftItemMarkup,
  failedPanelMarkup,
  favouriteItemMarkup,
  offeredActions,
  panelMarkup,
} from '../../../../src/shared/first-paint/dashboard-panels.ts';

const at = (iso: string) => `at ${iso}`;

describe('assignmentHref', () => {
  it('leads a folder to the browser, a document to its viewer, a correction to the submitted row', () => {
    expect(assignmentHref({ kind: 'folder', object_id: 'f', submission_id: null })).toBe('/documentation/browse/f');
    expect(assignmentHref({ kind: 'document', object_id: 'd', submission_id: null })).toBe('/documentation/view/d');
    expect(assignmentHref({ kind: 'correction', object_id: 'd', submission_id: 'r' })).toBe('/documentation/view/d/r');
  });
});

describe('offeredActions', () => {
  const me = { username: 'ann', isOrgAdmin: false };
  it('offers Claim and Complete while unclaimed, Unclaim and Complete to the claimer (Unclaim to admins)', () => {
    expect(offeredActions({ kind: 'document', claimed: false, claimed_by_username: null, completed: false }, me)).toEqual(['claim', 'complete']);
    expect(offeredActions({ kind: 'document', claimed: true, claimed_by_username: 'ann', completed: false }, me)).toEqual(['unclaim', 'complete']);
    expect(offeredActions({ kind: 'correction', claimed: true, claimed_by_username: 'ann', completed: false }, me)).toEqual(['unclaim', 'complete']);
    expect(offeredActions({ kind: 'correction', claimed: true, claimed_by_username: 'bob', completed: false }, me)).toEqual([]);
    expect(offeredActions({ kind: 'folder', claimed: true, claimed_by_username: 'bob', completed: false }, { ...me, isOrgAdmin: true })).toEqual(['unclaim']);
    expect(offeredActions({ kind: 'correction', claimed: true, claimed_by_username: 'ann', completed: true }, me)).toEqual([]);
  });
});

describe('assignmentItemMarkup', () => {
  const assignment: Assignment = {
    id: 'a1',
    kind: 'correction',
    object_id: 'd1',
    object_name: 'Gate <b>',
    doctype: 'form',
    assigned_at: '2026-01-02T03:04:05Z',
    assigned_to: { type: 'role', id: 'r1', name: 'Fitters' },
    assigned_by_username: 'ann',
    notes: 'Today & now',
    claimed: true,
    claimed_by_username: 'bob',
    completed: false,
    status: 'claimed',
    due_at: null,
    overdue: false,
    completed_by_username: null,
    completed_at: null,
    completed_submission_id: null,
    schedule_id: null,
    opens_at: null,
    submission_id: 'row1',
    failing_answers: [{ question_id: 'q1', title: 'Fine', value: false }],
  };

  it('draws the item, to whom and when, the notes, the failing answers, the claim and the buttons offered, escaped', () => {
    const markup = assignmentItemMarkup(assignment, { username: 'bob', isOrgAdmin: false }, at);
    expect(markup).toBe(
      '<li class="dashboard-item" data-assignment="a1"><div class="dashboard-item-main">' +
        '<p class="dashboard-title"><a href="/documentation/view/d1/row1">Gate &#60;b&#62;</a> <span class="dashboard-kind">Corrective action</span></p>' +
        '<p class="dashboard-meta">Assigned to Fitters by ann, <time datetime="2026-01-02T03:04:05Z">at 2026-01-02T03:04:05Z</time></p>' +
        '<p class="dashboard-notes">Today &#38; now</p>' +
        '<ul class="dashboard-failing" aria-label="Invalid answers"><li>Fine: false</li></ul>' +
        '<p class="dashboard-status">Claimed by bob</p></div>' +
        '<div class="dashboard-actions"><button class="button secondary" type="button" data-action="unclaim" aria-label="Unclaim Gate &#60;b&#62;">Unclaim</button>' +
        '<button class="button" type="button" data-action="complete" aria-label="Complete Gate &#60;b&#62;">Complete</button></div></li>',
    );
    expect(outlines(assignmentItemMarkup({ ...assignment, claimed: false, claimed_by_username: null }, { username: 'bob', isOrgAdmin: false }, at), 'button')).toContainEqual({
      tag: 'button',
      attrs: { class: 'button', type: 'button', 'data-action': 'claim', 'aria-label': 'Claim Gate <b>' },
      text: 'Claim',
    });
  });
});

describe('the other panels', () => {
  it('draws a draft, a favourite and a notification, each linked to its item', () => {
    expect(draftItemMarkup({ documentId: 'd 1', savedAt: '2026-01-02T03:04:05Z' }, 'Cold room', at)).toBe(
      '<li class="dashboard-item"><div class="dashboard-item-main"><a href="/documentation/view/d%201">Cold room</a><p class="dashboard-meta">Saved <time datetime="2026-01-02T03:04:05Z">at 2026-01-02T03:04:05Z</time></p></div></li>',
    );
    expect(favouriteItemMarkup({ kind: 'folder', item_id: 'f1', name: 'Site A', description: '', doctype: null })).toBe(
      '<li class="dashboard-item"><div class="dashboard-item-main"><p class="dashboard-title"><a href="/documentation/browse/f1">Site A</a> <span class="dashboard-kind">Folder</span></p></div></li>',
    );
    const notification = { id: 'n1', activity_type: 'DocumentCreated', username: 'bob', context_data: {}, activity_time: '2026-01-02T03:04:05Z', read_at: null };
    expect(activityItemMarkup({ ...notification, item: { kind: 'document', id: 'd1', name: 'Gate', doctype: 'form' } } as never, at)).toBe(
      '<li class="dashboard-item"><div class="dashboard-item-main"><p class="dashboard-title">bob created <a href="/documentation/view/d1">Gate</a></p><p class="dashboard-meta"><time datetime="2026-01-02T03:04:05Z">at 2026-01-02T03:04:05Z</time></p></div></li>',
    );
    expect(outlines(activityItemMarkup({ ...notification, context_data: { name: 'Gone' }, item: null } as never, at), 'p')).toContainEqual({ tag: 'p', attrs: { class: 'dashboard-title' }, text: 'bob created Gone' });
  });

  it('lists the items, or says the panel is empty (with its guidance once the viewer is known), or that its read failed', () => {
    expect(panelMarkup('drafts', ['<li>a</li>', '<li>b</li>'], undefined)).toBe('<li>a</li><li>b</li>');
    expect(panelMarkup('drafts', [], undefined)).toBe('<li class="dashboard-empty" data-empty-panel="drafts"><p class="dashboard-empty-text">No checklists in progress</p></li>');
    expect(outlines(panelMarkup('drafts', [], { isOrgAdmin: false, rootPermissions: 0 }), 'a')).toContainEqual({ tag: 'a', attrs: { class: 'dashboard-offer', href: '/documentation/browse' }, text: 'Browse Documents' });
    expect(failedPanelMarkup('offline')).toBe('<li class="dashboard-empty"><p class="dashboard-empty-text">Something went wrong: offline</p></li>');
  });
});
