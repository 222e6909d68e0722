/**
 * Files from the storage driver (local or S3) into an organisation's export: each file as it is kept, under
 * a folder of the archive, then a JSON list of them saying where each is in the archive — or that the
 * storage no longer had it (`missing: true`). Used for the documents' files and the members' avatars.
 */
import type { Deps } from '../../env.ts';
import { storageFor, storageKeyOf } from '../../storage/index.ts';
import { jsonArray, pages } from './pages.ts';
import type { ZipWriter } from './zip.ts';

/** An upload row, as much of it as the storage needs to find its file. */
export interface StoredFile {
  id: string;
  purpose: 'document' | 'avatar';
  orgId: string | null;
  fileOf: string | null;
  filename: string;
}

export interface StoredFiles<T extends StoredFile, K> {
  /** The archive's folder of the files (ending in `/`) and the list's name. */
  folder: string;
  list: string;
  /** Write the list even when there are no files. */
  evenEmpty?: boolean;
  read: (after: K | undefined) => Promise<T[]>;
  keyOf: (row: T) => K;
}

/** A file's name in the archive: its id, then its own name made safe (no folders, no control characters). */
const filePath = (folder: string, row: { id: string; filename: string }) =>
  `${folder}${row.id}-${row.filename.replace(/[\p{Cc}/\\:*?"<>|]+/gu, '_').slice(0, 120)}`;

/** The files, then their list: each row without the storage's own columns, with `path` (null: missing). */
export async function addStoredFiles<T extends StoredFile, K>(zip: ZipWriter, deps: Deps, files: StoredFiles<T, K>): Promise<void> {
  const storage = storageFor(deps.config);
  const missing = new Set<string>();
  let any = false;
  for await (const page of pages(files.read, files.keyOf)) {
    any = true;
    for (const row of page) {
      const body = await storage.read(storageKeyOf(row));
      if (!body) {
        missing.add(row.id);
        continue;
      }
      await zip.add(filePath(files.folder, row), () => body, { compress: false });
    }
  }
  if (!any && !files.evenEmpty) return;
  await zip.add(files.list, () =>
    jsonArray(pages(files.read, files.keyOf), ({ purpose: _p, orgId: _o, fileOf: _f, ...row }) => ({
      ...row,
      path: missing.has(row.id) ? null : filePath(files.folder, row),
      ...(missing.has(row.id) ? { missing: true } : {}),
    })),
  );
}
