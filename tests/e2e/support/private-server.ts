/**
 * A spec's own server: the real server (src/server/main.ts, serving the same built site) in a child
 * process on its own port and data folder (a fresh PGlite), with environment of the spec's choosing —
 * billing switched on against a local Stripe-compatible server, a trial of 0 days, and the like — that
 * the run's shared server (playwright.config.ts) must not have.
 *
 *   const server = await startPrivateServer({ portOffset: 61, env: { STRIPE_SECRET_KEY: 'sk_test_x', … } });
 *   const restore = server.becomeSuiteServer();   // callApi, the outbox, the page watch follow it
 *   …
 *   restore(); await server.stop();
 *
 * The port is the shared server's + `portOffset` + the worker's index, so two workers never collide;
 * choose an offset no other spec uses (notifications.spec.ts's restart test uses 41 and 42).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baseUrl } from './environment.ts';

export interface PrivateServerOptions {
  /** Added to the shared server's port, with the worker's index. */
  portOffset: number;
  /** The worker's index (test.info().workerIndex or testInfo.workerIndex in a hook). */
  workerIndex: number;
  /** Environment on top of the shared server's settings (PORT, DATA_DIR, PUBLIC_URL are set here). */
  env?: Record<string, string>;
}

export interface PrivateServer {
  /** The server's origin, e.g. http://127.0.0.1:4516. */
  url: string;
  port: number;
  dataDir: string;
  /**
   * Makes this server the one the suite's helpers talk to (E2E_BASE_URL, E2E_DATA_DIR: callApi, the
   * outbox, the page-problem watch's "API address"); the returned function puts the shared one back.
   */
  becomeSuiteServer(): () => void;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

export async function startPrivateServer(options: PrivateServerOptions): Promise<PrivateServer> {
  const port = Number(new URL(baseUrl()).port) + options.portOffset + options.workerIndex;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'ringbinder-e2e-private-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: '',
      DATABASE_URL: '',
      REQUEST_LOG: '0',
      REGISTRATIONS_PER_IP_PER_HOUR: '100000',
      ORGANISATIONS_PER_IP_PER_HOUR: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  try {
    await waitUntilListening(url, child, () => stderr);
  } catch (err) {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    port,
    dataDir,
    becomeSuiteServer() {
      const shared = { base: process.env.E2E_BASE_URL, data: process.env.E2E_DATA_DIR };
      process.env.E2E_BASE_URL = url;
      process.env.E2E_DATA_DIR = dataDir;
      return () => {
        process.env.E2E_BASE_URL = shared.base;
        process.env.E2E_DATA_DIR = shared.data;
      };
    },
    async stop() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilListening(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  // tsx compiles the server on its start: on a busy two-core machine that can take a minute and more.
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/v1/_build-info`)).ok) return;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`the private server exited with ${child.exitCode}:\n${stderr()}`);
    if (Date.now() > deadline) throw new Error(`the private server did not start:\n${stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
