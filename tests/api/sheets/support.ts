/** What the result sheet tests share: checklists, sheets over them, submissions at given times. */
import { expect } from 'vitest';
import type { TestServer } from '../support/harness.ts';
import { makeChecklist, makeDocument, question, type TestUser } from '../support/factories.ts';
import type { ValueType } from '../../../src/shared/checklists/value-types.ts';
import type { Json } from '../support/http.ts';

export interface Checklist {
  id: string;
  name: string;
  questions: Record<string, Json>;
}

/** A published checklist whose questions are `id → [valueType, title]`. */
export async function checklistOf(user: TestUser, name: string, questions: Record<string, [ValueType, string]>): Promise<Checklist> {
  const made = Object.fromEntries(
    Object.entries(questions).map(([id, [type, title]]) => [id, question(type, { title, required: false, ...(type === 'text' ? { allowComments: true } : {}) })]),
  );
  const doc = await makeChecklist(user, made, 'root', name);
  return { id: doc.id, name, questions: made };
}

/** Sheet contents over checklists: every question of each as a column, `links` child question → parent question. */
export function sheetOver(checklists: Checklist[], links: Record<string, string> = {}) {
  const questions: Record<string, Json> = {};
  for (const c of checklists) for (const [id, q] of Object.entries(c.questions)) questions[id] = { ...q, form_id: c.id };
  return {
    questions,
    question_index: Object.keys(questions),
    form_links: { ...Object.fromEntries(checklists.map((c) => [Object.keys(c.questions)[0]!, null])), ...links },
    form_ids: checklists.map((c) => c.id),
  };
}

export async function makeSheet(user: TestUser, contents: unknown, doctype: 'sheet' | 'report' = 'sheet', name = 'Asset sheet'): Promise<Json> {
  return makeDocument(user, 'root', doctype, name, contents);
}

/** Submits `record` (question → value) at `at`; answers the row's id. */
export async function submitAt(server: TestServer, user: TestUser, checklistId: string, at: Date, values: Record<string, unknown>): Promise<string> {
  server.clock.freeze(at);
  try {
    const record = Object.fromEntries(Object.entries(values).map(([id, value]) => [id, { value }]));
    const res = await user.api.post(`documentation/documents/${checklistId}/data`, { record });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  } finally {
    server.clock.reset();
  }
}

export const seconds = (d: Date) => d.getTime() / 1000;
export const hour = (h: number) => new Date(Date.UTC(2026, 3, 1, h));
