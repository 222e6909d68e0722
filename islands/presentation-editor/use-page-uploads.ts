/**
 * Files becoming pages (documentation §2 "Presentation editor", §5 image compression and file intake,
 * §8 upload failures): each file passes the intake step (./file-intake.ts), a picture is compressed by THE
 * compressor (quality 0.6 within 2560×1440 landscape or 1440×2560 portrait) and gets a 256×256 thumbnail
 * drawn here, and a picture larger than 1,280 px on its long side a phone-size copy too (page-compression.ts
 * `pageSmallPicture`); other media go as they are; then the file, its thumbnail and its small picture are
 * signed in one call and sent (src/client/uploads.ts). Until its upload lands a page is "queued locally" (editor-state.ts): shown from
 * the local copy, kept out of the server's draft, and publishing waits for it.
 *
 * Progress per file is counted in stages: prepared, signed, then each of its files sent.
 */
import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { compressImage } from '../../elements/shared/image-compression.ts';
import { pageSmallPicture, pageThumbnail, pictureSize, PRESENTATION_PAGE } from './page-compression.ts';
import { showAlert } from '../../src/client/stores/alerts.ts';
import { uploadFiles } from '../../src/client/uploads.ts';
import { messages } from '../shared/document-editor/messages.ts';
import type { PublishProgress } from '../shared/document-editor/use-document-draft.ts';
import { newPageId, type EditorAction, type PageFile, type UploadResult } from './editor-state.ts';
import { refusal, refusalAfterCompression, takeFiles } from './file-intake.ts';

export type UploadStatus = 'preparing' | 'uploading' | 'failed';

export interface UploadView {
  filename: string;
  status: UploadStatus;
  /** 0–100. */
  percent: number;
}

interface Job {
  token: number;
  original: File;
  /** A page added with this file (no earlier media to fall back on). */
  isNew: boolean;
  /** What is uploaded: the compressed picture or the file itself, the thumbnail and the small picture (pictures only). */
  prepared?: { file: File; thumb: File | undefined; small: File | undefined; size: { width: number; height: number } | undefined };
  running?: Promise<boolean>;
}

/** Local copies to show before (and after) a page's upload: by page id while queued, by upload id after. */
export interface LocalPreviews {
  byPage: Map<string, { image: string | undefined; thumb: string | undefined }>;
  byUpload: Map<string, string>;
}

const pageFileOf = (file: File): PageFile => ({
  content_type: file.type.toLowerCase(),
  filename: file.name,
  size: file.size,
  lastModified: file.lastModified || Date.now(),
});


/** What one upload job reaches: the hook's state, its views and the editor's dispatch. */
interface JobContext {
  documentId: string;
  dispatch: Dispatch<EditorAction>;
  setView: (pageID: string, view: UploadView | undefined) => void;
  jobs: Map<string, Job>;
  previews: LocalPreviews;
  landed: Map<string, UploadResult>;
  /** The previews changed: draw again. */
  refresh: () => void;
}

/** Whether `job` is still the page's (not replaced by a newer file, nor forgotten with its page). */
const isCurrent = (context: JobContext, pageID: string, job: Job) => context.jobs.get(pageID)?.token === job.token;

/** Prepares a page's file (compressed, its thumbnail and small picture, its local preview); false when refused or no longer wanted. */
async function prepareJob(context: JobContext, pageID: string, job: Job): Promise<boolean> {
  const name = job.original.name;
  context.setView(pageID, { filename: name, status: 'preparing', percent: 5 });
  const file = await compressImage(job.original, PRESENTATION_PAGE);
  const refused = refusalAfterCompression({ name: file.name, type: file.type, size: file.size }, name);
  if (refused) {
    if (isCurrent(context, pageID, job)) {
      context.jobs.delete(pageID);
      context.setView(pageID, undefined);
      showAlert('warning', refused);
      if (job.isNew) context.dispatch({ type: 'removePage', pageID });
    }
    return false;
  }
  const [thumb, size] = await Promise.all([pageThumbnail(file), pictureSize(file)]);
  const small = await pageSmallPicture(file, size);
  job.prepared = { file, thumb, small, size };
  if (!isCurrent(context, pageID, job)) return false;
  const local = context.previews.byPage.get(pageID);
  if (local?.image) URL.revokeObjectURL(local.image);
  if (local?.thumb) URL.revokeObjectURL(local.thumb);
  // Pictures only: anything else is shown from the server once uploaded (a PDF is no picture to draw).
  const isImage = file.type.startsWith('image/');
  context.previews.byPage.set(pageID, {
    image: isImage ? URL.createObjectURL(file) : undefined,
    thumb: thumb ? URL.createObjectURL(thumb) : undefined,
  });
  context.refresh();
  return true;
}

/** What a landed upload gives its page: the ids of its file, thumbnail and small picture, and its size. */
function uploadResultOf(job: Job, prepared: NonNullable<Job['prepared']>, parts: File[], ids: string[]): UploadResult {
  const { file, thumb, small, size } = prepared;
  return {
    ...pageFileOf(file),
    lastModified: job.original.lastModified || Date.now(),
    media: ids[0]!,
    media_thumb: thumb ? ids[parts.indexOf(thumb)]! : null,
    // Only a picture larger than the small picture's side has one (a replaced picture's goes with it).
    media_small: small ? ids[parts.indexOf(small)] : undefined,
    // Every result says its size, none for a file that is no picture (a replaced picture's size goes with it).
    width: size?.width,
    height: size?.height,
  };
}

/** Prepares (once) and uploads a page's file; answers whether it landed. */
async function runJob(context: JobContext, pageID: string, job: Job): Promise<boolean> {
  const name = job.original.name;
  try {
    if (!job.prepared && !(await prepareJob(context, pageID, job))) return false;
    const prepared = job.prepared!;
    const parts = [prepared.file, prepared.thumb, prepared.small].filter((part): part is File => part !== undefined);
    context.setView(pageID, { filename: name, status: 'uploading', percent: 20 });
    const ids = await uploadFiles(context.documentId, parts, (index) => {
      if (isCurrent(context, pageID, job)) context.setView(pageID, { filename: name, status: 'uploading', percent: Math.round(20 + (80 * (index + 1)) / parts.length) });
    });
    if (!isCurrent(context, pageID, job)) return false;
    const result = uploadResultOf(job, prepared, parts, ids);
    const local = context.previews.byPage.get(pageID);
    if (local) {
      if (local.image) context.previews.byUpload.set(result.media, local.image);
      if (local.thumb && result.media_thumb) context.previews.byUpload.set(result.media_thumb, local.thumb);
    }
    context.landed.set(pageID, result);
    context.jobs.delete(pageID);
    context.setView(pageID, undefined);
    context.dispatch({ type: 'uploaded', pageID, result });
    return true;
  } catch {
    if (isCurrent(context, pageID, job)) {
      context.setView(pageID, { filename: name, status: 'failed', percent: 0 });
      showAlert('warning', messages.uploadFailed);
    }
    return false;
  }
}

type RunJob = (pageID: string, job: Job, again?: boolean) => Promise<boolean>;

/** The upload jobs by page, their views, the local previews and the landed results; `run` starts (or joins) a job. */
function useUploadJobs(documentId: string, dispatch: Dispatch<EditorAction>) {
  const jobs = useRef(new Map<string, Job>());
  const [views, setViews] = useState<Record<string, UploadView>>({});
  const previews = useRef<LocalPreviews>({ byPage: new Map(), byUpload: new Map() });
  /** Results already landed (publishing patches them in before the reducer has re-rendered). */
  const landed = useRef(new Map<string, UploadResult>());
  const [, setPreviewRevision] = useState(0);

  const setView = useCallback((pageID: string, view: UploadView | undefined) => {
    setViews((all) => {
      const next = { ...all };
      if (view) next[pageID] = view;
      else delete next[pageID];
      return next;
    });
  }, []);

  useEffect(
    () => () => {
      for (const p of previews.current.byPage.values()) {
        if (p.image) URL.revokeObjectURL(p.image);
        if (p.thumb) URL.revokeObjectURL(p.thumb);
      }
    },
    [],
  );

  /** Prepares (once) and uploads a page's file; answers whether it landed. */
  const run: RunJob = useCallback(
    (pageID: string, job: Job, again = false): Promise<boolean> => {
      if (job.running && !again) return job.running;
      const refresh = () => setPreviewRevision((n) => n + 1);
      const context = { documentId, dispatch, setView, jobs: jobs.current, previews: previews.current, landed: landed.current, refresh };
      job.running = runJob(context, pageID, job);
      return job.running;
    },
    [documentId, dispatch, setView],
  );
  return { jobs: jobs.current, views, setView, previews: previews.current, landed: landed.current, run };
}

/**
 * Publishing's preparation (5 → 60 %): waits for every upload under way, tries failed ones once more,
 * and answers the uploads that landed; throws when one could not be uploaded.
 */
async function settleJobs(jobs: Map<string, Job>, run: RunJob, landed: Map<string, UploadResult>, progress: PublishProgress): Promise<Map<string, UploadResult>> {
  const waiting = [...jobs.entries()];
  let done = 0;
  progress(5);
  await Promise.all(
    waiting.map(async ([pageID, job]) => {
      let ok = await run(pageID, job);
      if (!ok && jobs.get(pageID) === job) ok = await run(pageID, job, true);
      if (!ok && jobs.get(pageID) === job) throw new Error(`${job.original.name} could not be uploaded`);
      done += 1;
      progress(Math.round(5 + (55 * done) / waiting.length));
    }),
  );
  return landed;
}

export function usePageUploads(documentId: string, dispatch: Dispatch<EditorAction>, pageCount: () => number) {
  const { jobs, views, setView, previews, landed, run } = useUploadJobs(documentId, dispatch);
  const token = useRef(0);

  /** Several files (chooser or drop): the ones the intake takes become pages at the end, in order. */
  const addFiles = useCallback(
    (files: readonly File[]) => {
      const { accepted, refused } = takeFiles(files, pageCount());
      for (const why of refused) showAlert('warning', why);
      if (accepted.length === 0) return;
      const added = accepted.map((file) => ({ pageID: newPageId(), file }));
      dispatch({ type: 'addPages', pages: added.map(({ pageID, file }) => ({ pageID, file: pageFileOf(file) })) });
      // One after another: the machine (and a phone) compresses one picture at a time.
      void (async () => {
        for (const { pageID, file } of added) {
          const job: Job = { token: ++token.current, original: file, isNew: true };
          jobs.set(pageID, job);
          setView(pageID, { filename: file.name, status: 'preparing', percent: 0 });
        }
        for (const { pageID } of added) {
          const job = jobs.get(pageID);
          if (job) await run(pageID, job);
        }
      })();
    },
    [dispatch, pageCount, run, setView, jobs],
  );

  /** A new file for a page (the replace-page dialog has confirmed twice); answers why it is refused, if it is. */
  const replaceFile = useCallback(
    (pageID: string, file: File): string | undefined => {
      const why = refusal(file);
      if (why) return why;
      const job: Job = { token: ++token.current, original: file, isNew: false };
      jobs.set(pageID, job);
      dispatch({ type: 'replacePage', pageID, file: pageFileOf(file) });
      void run(pageID, job);
      return undefined;
    },
    [dispatch, run, jobs],
  );

  /** Forget a page's upload (the page was removed): a result still on its way is ignored. */
  const forget = useCallback(
    (pageID: string) => {
      jobs.delete(pageID);
      setView(pageID, undefined);
    },
    [setView, jobs],
  );

  const retry = useCallback(
    (pageID: string) => {
      const job = jobs.get(pageID);
      if (job && views[pageID]?.status === 'failed') void run(pageID, job, true);
    },
    [run, views, jobs],
  );

  const settleAll = useCallback((progress: PublishProgress) => settleJobs(jobs, run, landed, progress), [run, jobs, landed]);

  return { views, previews, addFiles, replaceFile, forget, retry, settleAll };
}
