/**
 * Waiting submissions in IndexedDB (database 'rb-checklist', store 'submissions', keyed by the
 * Idempotency-Key): the `SubmissionStore` of submission-queue.ts. Photos are kept as Blobs, which
 * IndexedDB stores as they are. No library: four requests wrapped in promises.
 */
import type { QueuedSubmission, SubmissionStore } from './submission-queue.ts';

const DATABASE = 'rb-checklist';
const STORE = 'submissions';

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

let opening: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  const transaction = db.transaction(STORE, mode);
  const result = await done(action(transaction.objectStore(STORE)));
  if (mode === 'readwrite') {
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
  }
  return result;
}

export const indexedDbStore: SubmissionStore = {
  all: () => run('readonly', (store) => store.getAll() as IDBRequest<QueuedSubmission[]>),
  get: (key) => run('readonly', (store) => store.get(key) as IDBRequest<QueuedSubmission | undefined>),
  put: async (entry) => {
    await run('readwrite', (store) => store.put(entry));
  },
  delete: async (key) => {
    await run('readwrite', (store) => store.delete(key));
  },
};
