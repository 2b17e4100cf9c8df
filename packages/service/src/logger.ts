import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/** How the CLIs write their logs: one JSON object a line, or the same entries laid out for a person. */
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/**
 * Entry fields a logger blanks wherever a caller might put them (pino `redact` paths). Bodies and
 * headers are never handed to the logger in the first place; this is the second line.
 */
export const LOG_REDACT_PATHS: readonly string[] = [
  'authorization',
  'cookie',
  'apiKey',
  'key',
  'token',
  'secret',
  'body',
  'headers',
  '*.authorization',
  '*.cookie',
  '*.apiKey',
  '*.key',
  '*.token',
  '*.secret',
  '*.body',
  '*.headers',
];

/** `pretty` when the output is a terminal a person reads, `json` for a log collector. */
export function defaultLogFormat(output: { isTTY?: boolean }): LogFormat {
  return output.isTTY ? 'pretty' : 'json';
}

export interface LoggerOptions {
  /** `json` (one object a line) or `pretty` (for a person at a terminal). */
  format: LogFormat;
  /** Where lines go. Default standard output. */
  destination?: DestinationStream;
  /** Least severe level written. Default `info`. */
  level?: string;
}

/** A service's logger: pino under the service's `name`, ISO times, level names, and secrets blanked wherever they might appear. */
export function createLogger(name: string, options: LoggerOptions): Logger {
  const settings = {
    name,
    level: options.level ?? 'info',
    timestamp: pino.stdTimeFunctions.isoTime,
    // The level's name ("info"), which a person or a log query reads more easily than its number.
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: [...LOG_REDACT_PATHS], censor: '[redacted]' },
  };
  if (options.format === 'pretty') {
    return pino(settings, pretty({ sync: true, ...(options.destination ? { destination: options.destination } : {}) }));
  }
  return pino(settings, options.destination ?? pino.destination({ sync: true }));
}
