/**
 * `settings…`: General Settings' own reads (accounts §2 Admin screens, /admin/settings), for org admins (403 for others: api.ts ACCESS),
 * and the organisation's data to take away (issue #47, GDPR Art. 20: `settings/export.zip`, refused to API tokens).
 */
import { Hono } from 'hono';
import type { MemberEnv } from '../env.ts';
import { mailFailures as mailFailuresAnswer } from '../openapi/answers/admin.ts';
import { operation } from '../openapi/operation.ts';
import { sendFile } from '../http/file-download.ts';
import { mailFailures } from '../services/mail-failures.ts';
import { organisationExport } from '../services/organisation-export/export.ts';

export const settingsApi = new Hono<MemberEnv>();

/** The organisation's mail that could not be delivered: how many, the last error and when. */
settingsApi.get('/mail-failures', operation({
  summary: 'Mail that could not be delivered',
  tag: 'Settings',
  answers: { 200: mailFailuresAnswer },
}), async (c) => c.json(await mailFailures(c.var.deps, c.var.member)));

/** The organisation's data as one ZIP, streamed (services/organisation-export/; README.txt inside says what each file is). */
settingsApi.get('/export.zip', operation({
  summary: 'Export the organisation’s data',
  description:
    'A ZIP of the whole organisation (GDPR Art. 20): README.txt, the organisation, its members and roles, every folder, every document with every published version, each checklist’s submissions as JSON and CSV, the documents’ files, and the activity log. Streamed; recorded in the activity log (OrganisationExported). Not for API tokens.',
  tag: 'Settings',
  answers: { 200: { media: 'application/zip', description: 'The organisation’s data (a download)' } },
}), async (c) => sendFile(c, await organisationExport(c.var.deps, c.var.member)));
