/**
 * `npm start`: reads the configuration, starts the server, stops cleanly on SIGTERM and Ctrl-C
 * (operations/shutdown.ts) within SHUTDOWN_TIMEOUT_MS. Its lines go through THE log (operations/logger.ts):
 * readable at a terminal, JSON lines when piped (LOG_FORMAT).
 */
import { readConfig } from './config.ts';
import { flushLog, logger } from './operations/logger.ts';
import { startServer } from './server.ts';

const config = readConfig();
const server = await startServer(config);
logger().info(
  `Ringbinder is running at ${config.publicUrl} (listening on ${server.url}; database: ${
    server.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}/pglite`
  }; mail: ${config.smtpUrl ? 'SMTP' : `written to ${config.dataDir}/outbox`})`,
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger().info({ signal, timeoutMs: config.shutdownTimeoutMs }, `${signal} received, shutting down…`);
  // server.close() keeps to the deadline itself; this is the last resort if something hangs past it.
  const force = setTimeout(() => {
    logger().error('Shutdown took longer than SHUTDOWN_TIMEOUT_MS; exiting');
    flushLog();
    process.exit(1);
  }, config.shutdownTimeoutMs + 1_000);
  force.unref();
  try {
    await server.close();
    logger().info('Stopped.');
  } catch (err) {
    logger().error({ err }, 'Shutdown failed');
    process.exitCode = 1;
  }
  flushLog();
  process.exit();
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
