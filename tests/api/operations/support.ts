/**
 * The real server as a process of its own (`node --import tsx src/server/main.ts`, as `npm start` runs
 * its bundle) for the tests that signal it: its own data folder, on PGlite (a fresh one, migrated at start)
 * or on a clone of the suite's PostgreSQL template; its port read from its first log line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import * as paths from '../../../src/shared/api/paths.ts';
import { ApiClient } from '../support/http.ts';
import { readOutbox } from '../support/mail.ts';
import { cloneTemplate, dropDatabase } from '../support/postgres.ts';
import { newRegistration } from '../support/factories.ts';

export interface ServerProcess {
  url: string;
  apiUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  child: ChildProcess;
  /** Every line the process wrote to stdout so far. */
  lines: string[];
  /** Settles with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Ends the process if it still runs, drops its database, removes its folder. */
  dispose(): Promise<void>;
}

/**
 * `env` on top of the defaults; `keep`: a second process on another's DATA_DIR and DATABASE_URL (given in
 * `env`), whose disposal leaves them to the first.
 */
export async function startServerProcess(env: Record<string, string> = {}, options: { keep?: boolean } = {}): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR ?? (await mkdtemp(join(tmpdir(), 'rb-process-')));
  const template = inject('templateDatabase');
  const clone = template.kind === 'postgres' && !options.keep ? await cloneTemplate(template.serverUrl, template.template) : undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'dist'),
      PUBLIC_URL: 'https://ringbinder.test',
      DATABASE_URL: clone?.url ?? '',
      SMTP_URL: '',
      LOG_FORMAT: 'json',
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      ORGANISATIONS_PER_IP_PER_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (rest + chunk.toString()).split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts.filter(Boolean));
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const dispose = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
    if (options.keep) return;
    if (clone && template.kind === 'postgres') await dropDatabase(template.serverUrl, clone.name);
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 150_000;
  for (;;) {
    const running = lines.map((l) => /listening on (http:\/\/[^;]+);/.exec(l)?.[1]).find(Boolean);
    if (running) return { url: running, apiUrl: `${running}/api/v1`, dataDir, databaseUrl: clone?.url ?? (env.DATABASE_URL || undefined), child, lines, exited, dispose };
    if (child.exitCode !== null || Date.now() > deadline) {
      await dispose();
      throw new Error(`the server process did not start:\n${stderr}\n${lines.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registers, activates (the link from the process's outbox) and creates an organisation: the admin's client. */
export async function adminOf(server: ServerProcess): Promise<ApiClient> {
  const registration = newRegistration();
  const anonymous = new ApiClient(server.apiUrl);
  const registered = await anonymous.post(paths.auth.register, registration);
  if (registered.status !== 201) throw new Error(registered.text);
  let link: string | undefined;
  for (let i = 0; i < 200 && !link; i++) {
    const mail = (await readOutbox(join(server.dataDir, 'outbox'))).find((m) => m.to === registration.email);
    link = mail?.links.find((l) => new URL(l).pathname === '/auth/activate');
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const activated = await anonymous.post(paths.auth.activate, new URL(link!).searchParams.get('token'));
  const admin = anonymous.withToken(activated.body.access_token as string);
  const org = await admin.post(paths.auth.createOrg, { name: 'Stopping Ltd' });
  if (org.status !== 201) throw new Error(org.text);
  return admin;
}
