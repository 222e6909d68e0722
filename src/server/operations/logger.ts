/**
 * THE server's log (pino): one JSON object a line on stdout — `time`, `level`, `msg` and the line's own
 * fields (a request's: operations/request-log.ts). LOG_LEVEL picks the least level written (default
 * `info`); LOG_FORMAT=pretty writes short readable lines for a person at a terminal instead
 * (operations/pretty-log.ts), and so does an unset LOG_FORMAT when stdout is a terminal.
 *
 * One logger per process, made on first use from the environment; `useLogger` replaces it (a test hands
 * it a stream it reads).
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { prettyStream } from './pretty-log.ts';

export type { Logger } from 'pino';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface LogOptions {
  level?: string | undefined;
  format?: string | undefined;
  /** Where lines go (default stdout). */
  destination?: DestinationStream | undefined;
}

function levelOf(value: string | undefined): string {
  const level = (value ?? 'info').toLowerCase();
  if (!(LEVELS as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not ${value}`);
  return level;
}

function formatOf(value: string | undefined): 'json' | 'pretty' {
  if (value === undefined || value === '') return process.stdout.isTTY ? 'pretty' : 'json';
  if (value !== 'json' && value !== 'pretty') throw new Error(`LOG_FORMAT must be json or pretty, not ${value}`);
  return value;
}

export function createLogger(options: LogOptions = {}): Logger {
  const level = levelOf(options.level);
  const format = formatOf(options.format);
  const out = options.destination ?? pino.destination({ dest: 1, sync: false, minLength: 0 });
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    format === 'pretty' ? prettyStream(out) : out,
  );
}

let current: Logger | undefined;

/** The process's logger (made from LOG_LEVEL and LOG_FORMAT on first use). */
export function logger(): Logger {
  return (current ??= createLogger({ level: process.env.LOG_LEVEL || undefined, format: process.env.LOG_FORMAT || undefined }));
}

/** Replaces the process's logger (startServer with a test's stream). */
export function useLogger(log: Logger): void {
  current = log;
}

/** Writes what is buffered (before the process exits). */
export function flushLog(): void {
  current?.flush();
}
