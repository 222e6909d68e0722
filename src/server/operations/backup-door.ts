/**
 * How `npm run backup` reads PGlite's data while the server runs (operations/backup.ts): PGlite's data
 * folder belongs to the one process that opened it, so the backup asks THAT process for a copy. The
 * server (PGlite only) keeps DATA_DIR/secrets/running-server.json — its pid, its address and a random
 * token, mode 0600, removed when it stops — and answers GET /_operations/pglite-dump to that token alone:
 * whoever can read the file can read the whole data folder anyway.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { problemAnswer } from '../http/error-handler.ts';
import { bearerMatches } from './metrics.ts';

export const DUMP_PATH = '/_operations/pglite-dump';

export interface RunningServerFile {
  pid: number;
  url: string;
  token: string;
}

export const runningServerFile = (dataDir: string) => join(dataDir, 'secrets', 'running-server.json');

export class BackupDoor {
  private readonly token = randomBytes(32).toString('base64url');

  constructor(
    private readonly config: Config,
    private readonly database: DatabaseHandle,
  ) {}

  /** GET /_operations/pglite-dump: the data folder as a gzipped tarball, to the token's holder. */
  async answer(c: Context): Promise<Response> {
    if (!this.database.dumpDataDir || !bearerMatches(c.req.header('authorization'), this.token)) return problemAnswer(c, 404, 'Not found');
    const dump = await this.database.dumpDataDir();
    return new Response(dump.stream(), { headers: { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' } });
  }

  /** Tells `npm run backup` where this process listens (an address on every interface is asked on loopback). */
  async open(url: string): Promise<void> {
    const local = url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
    const file: RunningServerFile = { pid: process.pid, url: local, token: this.token };
    await mkdir(join(this.config.dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    await writeFile(runningServerFile(this.config.dataDir), JSON.stringify(file), { mode: 0o600 });
  }

  async close(): Promise<void> {
    await rm(runningServerFile(this.config.dataDir), { force: true });
  }
}
