/** `npm start`: reads the configuration, starts the server, stops cleanly on Ctrl-C. */
import { readConfig } from './config.ts';
import { startServer } from './server.ts';

const config = readConfig();
const server = await startServer(config);
console.log(
  `Ringbinder is running at ${config.publicUrl} (listening on ${server.url}; database: ${
    server.database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}/pglite`
  }; mail: ${config.smtpUrl ? 'SMTP' : `written to ${config.dataDir}/outbox`})`,
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down…`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  await server.close();
  console.log('Stopped.');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
