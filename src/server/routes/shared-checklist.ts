/**
 * What a share token may do (issue #29; docs/checklists.md "Share links") — THE allow-list, in one place:
 *
 *   GET  share/checklist                                  the link's checklist (latest published version)
 *   GET  share/schedule                                   the kiosk's Due now, Next and done today (issue #44)
 *   GET  documentation/documents/{id}                     the same, by the checklist's id (rb-checklist's loadDocument)
 *   GET  documentation/documents/{id}/media-urls          its questions' pictures and its photos
 *   POST documentation/documents/{id}/sign-content-upload photos for its answers (the upload itself: POST
 *                                                         /uploads, whose signature is its permission),
 *                                                         counted in files and bytes per link and per address
 *   POST documentation/documents/{id}/data                a submission (throttled per link)
 *
 * The API's sign-in (auth/access.ts, api.ts ACCESS) reads these routes: a share token reaches them (the
 * link looked up and checked into `c.var.share`: 401, 402, 403) and no other route — a new one too is
 * refused with 401, without the token being looked up. Each route here answers only a share caller
 * (`forShareTokens`); any other caller passes on to the API's own route of the same address (the member's
 * document, media, upload signing and submission), so these addresses keep their one meaning for members.
 * `GET share/checklist` is a share token's alone (anyone else: 401, api.ts ACCESS). `{id}` must be the
 * link's checklist (404 otherwise).
 *
 * The OpenAPI document (issue #34) shows each shared address once: its route here names what a share token
 * gets (`shareOperation`, openapi/operation.ts), which the document joins to the member's operation there.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { mediaUrlsQuery, signUploadBody } from '../../shared/api/documentation-schemas.ts';
import { sharedSubmissionBody } from '../../shared/checklists/schemas.ts';
import { clientIp } from '../auth/authenticate.ts';
import { admitShareSubmission } from '../auth/throttle.ts';
import type { AppEnv, ShareEnv } from '../env.ts';
import { jsonBody } from '../http/body.ts';
import { keySettledInWork } from '../http/idempotency.ts';
import { jsonWithEtag } from '../http/etag.ts';
import { queryOf } from '../http/query.ts';
import { sharedChecklistAnswer } from '../openapi/answers/share-links.ts';
import { operation, shareOperation } from '../openapi/operation.ts';
import { readSharedChecklist, sharedMediaUrls, signSharedUploads, submitThroughLink } from '../services/checklists/shared-checklist.ts';
import { kioskScheduleAnswer } from '../openapi/answers/schedules.ts';
import { kioskSchedule } from '../services/schedules/kiosk.ts';

type ShareHandler = (c: Context<ShareEnv>) => Promise<Response>;

/** The checklist's id in the address ('' where it has none: never the link's). */
const idOf = (c: Context<ShareEnv>): string => c.req.param('id') ?? '';

/**
 * A route of the allow-list: a share caller (the sign-in has checked the link into `c.var.share`) is
 * answered by `handler`; any other caller passes on.
 */
function forShareTokens(handler: ShareHandler): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const shared = c as unknown as Context<ShareEnv>;
    return shared.var.share === undefined ? next() : handler(shared);
  };
}

export const sharedChecklist = new Hono<AppEnv>();

sharedChecklist.get(
  '/share/checklist',
  operation({
    summary: 'Get a share link’s checklist',
    description: 'The checklist at its latest published version, with the link and the organisation’s name. With an ETag: a repeat naming it in If-None-Match answers 304.',
    tag: 'Share links',
    answers: { 200: sharedChecklistAnswer, 304: null },
    errors: [402, 403, 404, 429],
  }),
  forShareTokens(async (c) => jsonWithEtag(c, await readSharedChecklist(c.var.deps, c.var.share))),
);

sharedChecklist.get(
  '/share/schedule',
  operation({
    summary: 'A share link’s schedule (its kiosk station)',
    description: 'The occurrences of the schedules given to the link: open now, the next one, and those done today (the schedule’s zone).',
    tag: 'Share links',
    answers: { 200: kioskScheduleAnswer },
    errors: [402, 403, 429],
  }),
  forShareTokens(async (c) => c.json(await kioskSchedule(c.var.deps, c.var.share))),
);

sharedChecklist.get(
  '/documentation/documents/:id',
  shareOperation({
    description: 'the link’s checklist, as `GET share/checklist` answers it (another id: 404), with an ETag.',
    answers: { 200: sharedChecklistAnswer, 304: null },
    errors: [402, 403, 429],
  }),
  forShareTokens(async (c) => jsonWithEtag(c, await readSharedChecklist(c.var.deps, c.var.share, idOf(c)))),
);

sharedChecklist.get(
  '/documentation/documents/:id/media-urls',
  shareOperation({ description: 'the addresses of the link’s checklist’s pictures and of photos submitted through links.', errors: [402, 403, 429] }),
  forShareTokens(async (c) => {
    const { upload_id } = queryOf(c, mediaUrlsQuery);
    const results = await sharedMediaUrls(c.var.deps, c.var.share, idOf(c), upload_id);
    return c.json({ results, total: results.length });
  }),
);

sharedChecklist.post(
  '/documentation/documents/:id/sign-content-upload',
  shareOperation({ description: 'photos for answers to the link’s checklist (throttled per link and per address).', errors: [402, 403, 429] }),
  forShareTokens(async (c) => {
    const { deps, share } = c.var;
    // Counted in files and bytes once the body is read (services/checklists/shared-checklist.ts).
    const files = await jsonBody(c, signUploadBody);
    return c.json(await signSharedUploads(deps, share, idOf(c), files, clientIp(c)), 201);
  }),
);

sharedChecklist.post(
  '/documentation/documents/:id/data',
  shareOperation({
    description:
      'a submission to the link’s checklist, by `share: {name}` (throttled per link). It may also say when it was made, `made_at` (ISO 8601; not in the future, at most 7 days back, else 422): a kiosk station’s submission made offline counts for the occurrence whose window held then. A member’s `made_at` is ignored.',
    errors: [402, 403, 422, 429],
  }),
  keySettledInWork,
  forShareTokens(async (c) => {
    const { deps, share } = c.var;
    // Counted before anything is judged, forgotten when refused (auth/throttle.ts).
    const row = await admitShareSubmission(deps.db, deps.config, share.linkId, deps.now(), async () =>
      submitThroughLink(deps, share, idOf(c), await jsonBody(c, sharedSubmissionBody), c.var.keyInWork),
    );
    return c.json(row, 201);
  }),
);
