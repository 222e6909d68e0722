/**
 * What the organisation export's tests share: downloading GET settings/export.zip and opening the answer
 * with a zip reader (yauzl) into its entries.
 */
import { expect } from 'vitest';
import yauzl from 'yauzl';
import * as paths from '../../../src/shared/api/paths.ts';
import type { TestServer } from '../support/harness.ts';

/** Every entry of a ZIP: its name → its bytes. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (openErr, stream) => {
          if (openErr || !stream) return reject(openErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

export interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

export async function download(server: TestServer, token: string): Promise<Download> {
  const res = await fetch(server.client().url(paths.settings.export), { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export const text = (entries: Map<string, Buffer>, name: string): string => {
  const found = entries.get(name);
  expect(found, `${name} is in the archive`).toBeDefined();
  return found!.toString('utf8');
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const jsonOf = (entries: Map<string, Buffer>, name: string): any => JSON.parse(text(entries, name));

/** Every entry's name and text, one string (what "appears nowhere in the archive" searches). */
export const everything = (entries: Map<string, Buffer>): string => [...entries.entries()].map(([name, bytes]) => `${name}\n${bytes.toString('latin1')}`).join('\n');
