/**
 * A result sheet's first rows in its pages' first HTML (issue #31): with the session cookie, the view page
 * of a sheet (and its results page: tests/e2e/document-first-paint-result-sheet.spec.ts) carries its first window (src/shared/sheets/first-rows.ts: whole UTC days
 * holding the local day 30 days ago anywhere) answered exactly as the API answers it for that login — the
 * rows of the last 30 days in, an older one out — and a report's view page its latest row. Another
 * organisation's login gets no rows at all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sheetResultsStep } from '../../../src/server/http/first-paint/sheet-results.ts';
import { firstRowsAddress, firstRowsQuery } from '../../../src/shared/sheets/first-rows.ts';
import { makeTeam, type Team } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import type { Json } from '../support/http.ts';
import { attrsOf, nextElement, one, outline, outlines, select, textOf } from '../../support/html.ts';
import { checklistOf, makeSheet, sheetOver, submitAt, type Checklist } from './support.ts';

const server = useTestServer();
let team: Team;
let other: Team;
let rounds: Checklist;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  team = await makeTeam(server);
  other = await makeTeam(server);
  rounds = await checklistOf(team.admin, 'Rounds', { tag: ['text', 'Tag'] });
  await submitAt(server, team.admin, rounds.id, new Date(Date.now() - 2 * DAY), { tag: 'recent' });
  await submitAt(server, team.admin, rounds.id, new Date(Date.now() - 40 * DAY), { tag: 'older' });
});

/** The first data of a page served with `token`'s cookie (#rb-page-data), parsed. */
async function firstAnswers(path: string, token: string): Promise<Record<string, { status: number; body: Json }>> {
  const res = await fetch(`${server.url}${path}`, { headers: { 'accept-encoding': 'identity', cookie: `rb_session=${token}` } });
  const block = select(await res.text(), 'script#rb-page-data[type="application/json"]')[0];
  const text = block ? textOf(block) : '';
  return text ? JSON.parse(text).answers : {};
}

describe("a result sheet's first rows in its pages' first HTML", () => {
  it('are its first window, answered as the API answers it for that login', async () => {
    const sheet = await makeSheet(team.admin, sheetOver([rounds]), 'sheet', 'Rounds sheet');
    // The API suite's site has the view page's shell (tests/api/support/harness.ts); the results page is the e2e's.
    for (const [path, screen] of [[`/documentation/view/${sheet.id}`, 'viewer']] as const) {
      const answers = await firstAnswers(path, team.member.token);
      const address = firstRowsAddress(sheet.id, firstRowsQuery('sheet', screen, new Date()));
      expect(answers.rows, `${path}: ${address}`).toBeDefined();
      const api = await team.member.api.get(address);
      expect(answers.rows).toEqual({ status: api.status, body: api.body });
      expect(answers.rows!.body.results.map((row: Json) => row.record.tag.value)).toEqual(['recent']);
    }
  });

  it("are a report view's latest row; never another organisation's", async () => {
    const report = await makeSheet(team.admin, sheetOver([rounds]), 'report', 'Rounds report');
    const answers = await firstAnswers(`/documentation/view/${report.id}`, team.member.token);
    expect(answers.rows!.body.results.map((row: Json) => row.record.tag.value)).toEqual(['recent']);
    const stranger = await firstAnswers(`/documentation/view/${report.id}`, other.admin.token);
    expect(stranger.rows).toBeUndefined();
  });

  it('are drawn into the view page as its grid, with the inline step its CSP allows; not for another organisation', async () => {
    const sheet = await makeSheet(team.admin, sheetOver([rounds]), 'sheet', 'Drawn sheet');
    const res = await fetch(`${server.url}/documentation/view/${sheet.id}`, { headers: { 'accept-encoding': 'identity', cookie: `rb_session=${team.member.token}` } });
    const html = await res.text();
    const grid = one(html, 'section.sheet-results[data-first-paint="sheet-results"]');
    expect(attrsOf(grid)).toMatchObject({ inert: '', 'aria-hidden': 'true' });
    expect(outlines(grid, 'span.sheet-answer-text')).toContainEqual({ tag: 'span', attrs: { class: 'sheet-answer-text' }, text: 'recent' });
    expect(textOf(grid)).not.toContain('older');
    expect(outline(nextElement(grid)!)).toEqual({ tag: 'script', attrs: {}, text: sheetResultsStep() });
    const hash = createHash('sha256').update(sheetResultsStep()).digest('base64');
    expect(res.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    const stranger = await fetch(`${server.url}/documentation/view/${sheet.id}`, { headers: { 'accept-encoding': 'identity', cookie: `rb_session=${other.admin.token}` } });
    expect(select(await stranger.text(), '[data-first-paint="sheet-results"]')).toEqual([]);
  });
});
