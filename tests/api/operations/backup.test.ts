/**
 * Backup and restore (issue #47, operations/backup.ts and restore.ts), on the real server process: an
 * organisation with a checklist, a submission with a photo, a share link and a two-factor account; a
 * backup taken WHILE the server runs; the server stopped, its data folder (and database) wiped; the
 * archive restored; the server started again — every row, the photo's bytes, the share link and the
 * two-factor sign-in work. A restore into a folder that is not empty is refused.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../src/server/config.ts';
import { takeBackup } from '../../../src/server/operations/backup.ts';
import { restoreBackup } from '../../../src/server/operations/restore.ts';
import * as paths from '../../../src/shared/api/paths.ts';
import { DEFAULT_PASSWORD, fileBytes, makeChecklist, makeShareLink, question, uploadFile, type TestUser } from '../support/factories.ts';
import { PUBLIC_URL, type TestServer } from '../support/harness.ts';
import { ApiClient } from '../support/http.ts';
import { withAdmin } from '../support/postgres.ts';
import { adminOf, startServerProcess, type ServerProcess } from './support.ts';

const started: ServerProcess[] = [];
afterAll(async () => {
  for (const s of started) await s.dispose();
});

/** The code of the time step `steps` from now (a step's code is taken once: the sign-in uses the next one). */
const codeOf = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

function configOf(s: ServerProcess) {
  return readConfig({ DATA_DIR: s.dataDir, DATABASE_URL: s.databaseUrl ?? '', PUBLIC_URL });
}

async function stop(s: ServerProcess): Promise<void> {
  s.child.kill('SIGTERM');
  expect(await s.exited).toBe(0);
}

/** Empties the database of DATABASE_URL (PostgreSQL) as a fresh one would be. */
async function wipeDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  await withAdmin(url, async (client) => {
    await client.query('drop schema public cascade; drop schema if exists drizzle cascade; create schema public');
  });
  expect(name).toMatch(/^rb_test_/);
}

describe('npm run backup, then npm run restore', () => {
  it('brings back every row, file, share link and two-factor sign-in, from a backup taken while the server runs', async () => {
    const first = await startServerProcess();
    started.push(first);
    const admin = await adminOf(first);
    const me = (await admin.get(paths.auth.me)).body as { username: string; id: string };
    const user = { api: admin } as unknown as TestUser;
    const checklist = await makeChecklist(user, { q: question('true/false', { photoVerification: true }) });
    const upload = await uploadFile({ url: first.url } as TestServer, user, checklist.id as string);
    const row = await admin.post(`documentation/documents/${checklist.id as string}/data`, { record: { q: { value: true, media: [upload] } } });
    expect(row.status, row.text).toBe(201);
    const link = await makeShareLink(user, checklist.id as string);
    const enabling = await admin.post('auth/set-otp', { enabled: true });
    const secret = new URL(enabling.body.uri as string).searchParams.get('secret')!;
    expect((await admin.post('auth/set-otp', { enabled: true, verify_otp: codeOf(secret) })).status).toBe(200);

    const archive = join(first.dataDir, '..', `${first.dataDir.split('/').pop()}-backup.tar.gz`);
    const manifest = await takeBackup(configOf(first), archive);
    expect(manifest.database).toBe(first.databaseUrl ? 'postgres' : 'pglite');
    // The server kept answering meanwhile, and stops cleanly.
    expect((await admin.get(paths.auth.me)).status).toBe(200);
    await stop(first);

    // Wiped: an empty data folder (and database).
    for (const name of await readdir(first.dataDir)) if (name !== 'dist') await rm(join(first.dataDir, name), { recursive: true, force: true });
    if (first.databaseUrl) await wipeDatabase(first.databaseUrl);
    const note = await restoreBackup(configOf(first), archive);
    expect(note).toContain('npm run restore');
    await expect(restoreBackup(configOf(first), archive)).rejects.toThrow(/not empty/);
    await rm(archive, { force: true });

    const second = await startServerProcess({ DATA_DIR: first.dataDir, ...(first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : {}) }, { keep: true });
    const anonymous = new ApiClient(second.apiUrl);
    // Two-factor: the password alone is not enough; with the code it signs in.
    const withoutCode = await anonymous.postForm(paths.auth.accessToken, { username: me.username, password: DEFAULT_PASSWORD });
    expect(withoutCode.status).not.toBe(200);
    const signedIn = await anonymous.postForm(paths.auth.accessToken, { username: me.username, password: DEFAULT_PASSWORD, client_secret: codeOf(secret, 1) });
    expect(signedIn.status, signedIn.text).toBe(200);
    const again = anonymous.withToken(signedIn.body.access_token as string);
    const rows = await again.get(`documentation/documents/${checklist.id as string}/data`);
    expect(rows.status).toBe(200);
    expect(JSON.stringify(rows.body)).toContain(row.body.id as string);
    // The photo's bytes.
    const media = await fetch(`${second.apiUrl}/documentation/documents/${checklist.id as string}/media/${upload}`, { headers: { authorization: `Bearer ${again.token!}` }, redirect: 'manual' });
    const location = media.headers.get('location');
    const served = location ? await fetch(location.replace(PUBLIC_URL, second.url)) : media;
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(fileBytes('image/png'));
    // The share link.
    expect((await anonymous.withToken(link.token as string).get(paths.share.checklist)).status).toBe(200);
    await stop(second);
    expect(existsSync(join(first.dataDir, 'secrets', 'running-server.json'))).toBe(false);
    await mkdir(first.dataDir, { recursive: true });
  }, 300_000);
});
