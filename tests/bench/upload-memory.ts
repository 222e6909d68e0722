/**
 * `npm run bench`, issue #10: the server's memory while 10 clients post 25 MB uploads at once to
 * `POST /api/v1/uploads` — once with signatures that are not valid (nobody signed in: what an attacker
 * can send) and once with valid ones — beside its idle memory. The server is the built one `npm start`
 * runs, `node dist-server/main.mjs`, in a child process (bench-server.ts), a fresh one per case, so
 * each case starts from the same idle state;
 * its resident set size (RSS) is sampled every 10 ms from /proc (or `ps`). Beside them the floor: the same
 * posts to a bare node:http server that pipes each body to a file (minimal-upload-server.mjs). Goal: peak
 * under 150 MB.
 * Figures only; a wrong status is a crash, never a number.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_UPLOAD_BYTES } from '../../src/shared/constants.ts';
import { databaseUrlFor, dropDatabase, randomDatabaseName, withAdmin } from '../api/support/postgres.ts';
import type { DatabaseTarget } from './api-server.ts';
import { freePort, serverCommand, startBenchServer, type BenchServer } from './bench-server.ts';
import { call, registerAndActivate } from './documentation-tree-fixture.ts';
import { checklistContents } from './submissions.ts';
import { sized } from './smoke.ts';

const CLIENTS = sized(10, 2);
const FILE_BYTES = sized(MAX_UPLOAD_BYTES, 1024 * 1024);
const CHUNK_BYTES = 64 * 1024;
const SAMPLE_MS = 10;
const IDLE_MS = sized(2_000, 200);
const GOAL_MB = 150;

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** The resident set size of a process, in bytes. */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
    if (kb) return Number(kb[1]) * 1024;
  } catch {
    // Not Linux: ask ps.
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
}

/** Samples a process's RSS until stopped; answers the samples. */
function sampleRss(pid: number): { stop(): number[] } {
  const samples = [rssOf(pid)];
  const timer = setInterval(() => samples.push(rssOf(pid)), SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      samples.push(rssOf(pid));
      return samples;
    },
  };
}

interface Signed {
  url: string;
  fields: Record<string, string>;
}

/** A PDF of `size` bytes: its magic bytes, then filler, made chunk by chunk as it is sent. */
function* pdfChunks(size: number): Generator<Buffer> {
  const head = Buffer.from('%PDF-1.7\n');
  const filler = Buffer.alloc(CHUNK_BYTES, 0x20);
  yield head;
  for (let left = size - head.length; left > 0; left -= CHUNK_BYTES) yield left >= CHUNK_BYTES ? filler : filler.subarray(0, left);
}

interface Answer {
  /** The HTTP status; 0 when the connection was closed before the answer could be read (see postUpload). */
  status: number;
  /** Milliseconds until the answer arrived. */
  ms: number;
  /** File bytes the client had written when the answer arrived. */
  sentBeforeAnswer: number;
}

/**
 * The browser's multipart POST of one file, streamed as a browser sends it (the fields, then the file),
 * with a Content-Length. Answers as soon as the status arrives; the client stops sending then.
 * A refusal closes the connection right after its answer while the client is still sending: the next
 * write then fails (EPIPE, ECONNRESET) and the kernel may drop the answer with the reset. That is
 * answered as status 0 ("closed"), not a crash.
 */
function postUpload(url: string, signed: Signed, size: number): Promise<Answer> {
  const boundary = `----ringbinder-bench-${Math.random().toString(16).slice(2)}`;
  const fieldParts = Object.entries(signed.fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="report.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(fieldParts) + Buffer.byteLength(fileHead) + size + Buffer.byteLength(tail);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    // A connection of its own: after an early answer the server closes it.
    const req = request(url, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length },
    });
    req.on('response', (res) => {
      answered = true;
      const answer = { status: res.statusCode ?? 0, ms: performance.now() - started, sentBeforeAnswer: sent };
      res.resume();
      res.on('end', () => resolve(answer));
      res.on('error', () => resolve(answer));
    });
    // Once answered, the server may close the connection while the rest of the file is on its way.
    req.on('socket', (socket) => socket.on('error', () => undefined));
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return;
      if (sent > 0 && (err.code === 'EPIPE' || err.code === 'ECONNRESET')) resolve({ status: 0, ms: performance.now() - started, sentBeforeAnswer: sent });
      else reject(err);
    });
    req.write(fieldParts + fileHead);
    const chunks = pdfChunks(size);
    const pump = () => {
      for (let next = chunks.next(); !next.done; next = chunks.next()) {
        if (answered || req.destroyed) return;
        sent += next.value.length;
        if (!req.write(next.value)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && !req.destroyed) req.end(tail);
    };
    pump();
  });
}

interface Case {
  name: string;
  expect: number;
  idle: number;
  peak: number;
  answers: Answer[];
  seconds: number;
}

interface Post {
  url: string;
  fields: Record<string, string>;
}

/** Idle RSS of a settled server, then its peak while every post is sent at once. */
async function measureLoad(pid: number, name: string, posts: Post[], expect: number): Promise<Case> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idleSampler = sampleRss(pid);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idleSamples = idleSampler.stop();
  const idle = idleSamples.reduce((a, b) => a + b, 0) / idleSamples.length;

  const sampler = sampleRss(pid);
  const started = performance.now();
  const answers = await Promise.all(posts.map((post) => postUpload(post.url, post, FILE_BYTES)));
  const seconds = (performance.now() - started) / 1000;
  // Memory taken for a request may show a moment after its answer.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const peak = Math.max(...sampler.stop());
  // A refusal may reach the client as a closed connection (postUpload); an accepted upload never.
  const wrong = answers.filter((a) => a.status !== expect && !(a.status === 0 && expect >= 400));
  if (wrong.length) throw new Error(`upload bench (${name}): expected ${expect}, got ${wrong.map((a) => a.status).join(', ')}`);
  return { name, expect, idle, peak, answers, seconds };
}

/** One case on a fresh server: sign CLIENTS uploads, spoil their signatures or not, post them all at once. */
async function measureCase(target: DatabaseTarget, name: string, spoil: boolean): Promise<Case> {
  const databaseName = target.kind === 'postgres' ? randomDatabaseName('rb_bench') : undefined;
  if (databaseName) await withAdmin(target.serverUrl!, (admin) => admin.query(`CREATE DATABASE ${databaseName}`));
  let server: BenchServer | undefined;
  try {
    server = await startBenchServer(databaseName ? { databaseUrl: databaseUrlFor(target.serverUrl!, databaseName) } : {});
    const api = { apiUrl: `${server.url}/api/v1`, outboxDir: join(server.dataDir, 'outbox') };
    const admin = await registerAndActivate(api, 'bench_uploader');
    await call(api, 'POST', 'auth/create-org', { token: admin.token, json: { name: 'Bench Uploads' }, expect: 201 });
    const document = await call(api, 'POST', 'documentation/documents', {
      token: admin.token,
      json: { folder_id: 'root', name: 'Site photos', doctype: 'form', contents: checklistContents() },
      expect: 201,
    });
    const files = Array.from({ length: CLIENTS }, (_, i) => ({ filename: `report-${i}.pdf`, file_size: FILE_BYTES, content_type: 'application/pdf' }));
    const signed = (await call(api, 'POST', `documentation/documents/${String(document.id)}/sign-content-upload`, {
      token: admin.token,
      json: files,
      expect: 201,
    })) as unknown as Signed[];
    const url = `${server.url}/api/v1/uploads`;
    const posts = signed.map((s) => ({ url, fields: spoil ? { ...s.fields, signature: 'f'.repeat(64) } : s.fields }));
    return await measureLoad(server.pid, name, posts, spoil ? 403 : 204);
  } finally {
    await server?.stop();
    if (databaseName) await dropDatabase(target.serverUrl!, databaseName);
  }
}

/** The floor: the same posts to a bare node:http server that pipes each body to a file (minimal-upload-server.mjs). */
async function measureFloor(): Promise<Case> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'ringbinder-upload-floor-'));
  const child = spawn(process.execPath, ['tests/bench/minimal-upload-server.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await new Promise((resolve, reject) => {
      child.stdout.once('data', resolve);
      child.once('exit', (code) => reject(new Error(`the minimal upload server exited with ${code}`)));
    });
    const fields = { note: 'not checked' };
    const posts = Array.from({ length: CLIENTS }, () => ({ url: `http://127.0.0.1:${port}/`, fields }));
    return await measureLoad(child.pid!, 'floor: bare node:http → file', posts, 204);
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchUploadMemory(target: DatabaseTarget): Promise<void> {
  console.log(`\nServer memory under uploads (issue #10) on ${target.label}: ${CLIENTS} clients each post a ${mb(FILE_BYTES)} MB file at once to POST /api/v1/uploads`);
  console.log(`  the server (${serverCommand.label}) in a child process, a fresh one per case; RSS sampled every ${SAMPLE_MS} ms. Goal: peak < ${GOAL_MB} MB.`);
  if (target.kind === 'pglite') console.log('  (PGlite keeps its whole database engine in the server process: read "peak − idle" there.)');
  const loadBefore = loadavg()[0]!;
  const cases = [
    await measureCase(target, 'signature not valid (anonymous)', true),
    await measureCase(target, 'valid signatures', false),
    await measureFloor(),
  ];
  console.log(
    `  ${'case'.padEnd(34)} ${'answer'.padStart(6)} ${'idle MB'.padStart(8)} ${'peak MB'.padStart(8)} ${'peak − idle'.padStart(12)} ${'answered after (median)'.padStart(24)} ${'all done'.padStart(9)}  goal`,
  );
  for (const c of cases) {
    const sent = c.answers.map((a) => a.sentBeforeAnswer).sort((a, b) => a - b)[Math.floor(c.answers.length / 2)]!;
    const ms = c.answers.map((a) => a.ms).sort((a, b) => a - b)[Math.floor(c.answers.length / 2)]!;
    const goal = c.name.startsWith('floor') ? '' : c.peak < GOAL_MB * 1024 * 1024 ? 'met' : 'NOT met';
    console.log(
      `  ${c.name.padEnd(34)} ${String(c.expect).padStart(6)} ${mb(c.idle).padStart(8)} ${mb(c.peak).padStart(8)} ${mb(c.peak - c.idle).padStart(12)} ${`${mb(sent)} MB sent, ${ms.toFixed(0)} ms`.padStart(24)} ${`${c.seconds.toFixed(1)} s`.padStart(9)}  ${goal}`,
    );
  }
  console.log('  "answered after": how much of its file a client had sent when the answer came (a refusal should come before the file;');
  console.log('  the client\'s and the kernel\'s socket buffers hold a few MB). The floor reads every byte: its growth is what taking');
  console.log('  250 MB through Node costs before the garbage collector catches up, whatever parses it.');
  for (const c of cases) {
    const closed = c.answers.filter((a) => a.status === 0).length;
    if (closed) console.log(`  ${c.name}: ${closed} of ${c.answers.length} clients saw the connection closed before they could read the ${c.expect}.`);
  }
  console.log(`  Machine load (1-minute average) before / after: ${loadBefore.toFixed(1)} / ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs.`);
}
