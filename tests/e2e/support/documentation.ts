/**
 * The stage and the looks the documentation page specs share (documentation §2): folders and checklists
 * made over the real API, a new version published, a member invited into the organisation; the
 * breadcrumbs, the page heading, and the check of a page again at phone width.
 */
import { expect, type Page } from '@playwright/test';
import { callApi, createAccount, inviteByEmail, type Account, type OrgAdmin } from './accounts.ts';
import { expectAccessible, expectNoHorizontalScroll, usePhoneViewport } from './browser.ts';
import { acceptInvitationOverApi } from './journeys.ts';

// ── The stage, over the API ──────────────────────────────────────────────────────────────────────

export interface FolderAnswer {
  id: string;
  name: string;
}

export interface DocumentAnswer {
  id: string;
  name: string;
  version: number;
  folder_id: string;
  contents: { questions: Record<string, unknown>; question_index: string[] };
}

export function createFolder(token: string, name: string, parent = 'root'): Promise<FolderAnswer> {
  return callApi<FolderAnswer>('documentation/folders', { token, json: { parent_id: parent, name, description: `All about ${name}` } });
}

/** A checklist (doctype form) with `questions` true/false questions. */
export function createChecklist(token: string, name: string, folderId = 'root', questions = 0): Promise<DocumentAnswer> {
  const ids = Array.from({ length: questions }, (_, i) => `q${i + 1}`);
  return callApi<DocumentAnswer>('documentation/documents', {
    token,
    json: {
      folder_id: folderId,
      name,
      doctype: 'form',
      description: `How to use ${name}`,
      contents: {
        questions: Object.fromEntries(ids.map((id, i) => [id, { title: `Question ${i + 1}`, valueType: 'true/false', required: true }])),
        question_index: ids,
      },
    },
  });
}

/** Publishes a new version of `doc` with one more question and a change log. */
export function publishNextVersion(token: string, doc: DocumentAnswer, changelog: string): Promise<DocumentAnswer> {
  const id = `q${doc.contents.question_index.length + 1}`;
  return callApi<DocumentAnswer>(`documentation/documents/${doc.id}`, {
    token,
    method: 'PUT',
    json: {
      version: doc.version,
      contents: {
        questions: { ...doc.contents.questions, [id]: { title: 'Added later', valueType: 'true/false', required: true } },
        question_index: [...doc.contents.question_index, id],
      },
      changelog,
    },
  });
}

/** A new account invited into the admin's organisation (no role), with its user id. */
export async function memberOf(admin: OrgAdmin): Promise<Account & { id: string }> {
  const member = await createAccount('member');
  await acceptInvitationOverApi(member.token, await inviteByEmail(admin.token, member.email));
  const me = await callApi<{ id: string }>('auth/me', { token: member.token });
  return { ...member, id: me.id };
}

/**
 * Narrows the admin's organisation's root to org +Read — what an organisation made before issue #32 keeps
 * (a new one's root grants every bit) — for tests that start from members who only read.
 */
export async function readOnlyRoot(admin: OrgAdmin): Promise<void> {
  const root = await callApi<{ id: string }>('documentation/folders/root', { token: admin.token });
  await callApi(`documentation/folders/${root.id}/acl`, { method: 'PUT', token: admin.token, json: [{ subject: admin.org.id, is_grant: true, permissions: 1 }] });
}

// ── Looking at the pages ─────────────────────────────────────────────────────────────────────────

export const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumbs' });

export async function expectBreadcrumbs(page: Page, labels: string[]): Promise<void> {
  await expect(breadcrumbs(page).getByRole('listitem')).toHaveText(labels.map((label, i) => (i === 0 ? label : `›${label}`)));
}

/** The page again at phone width: nothing scrolls sideways, and axe finds nothing serious. */
export async function checkAtPhoneWidth(page: Page, ready: () => Promise<void>): Promise<void> {
  await usePhoneViewport(page);
  await page.reload();
  await ready();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
}

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
