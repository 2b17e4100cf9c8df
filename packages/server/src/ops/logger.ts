import { LOG_REDACT_PATHS, type LogFormat } from '@hearken/core/node';
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

export interface LoggerOptions {
  /** `json` (one object a line) or `pretty` (for a person at a terminal). */
  format: LogFormat;
  /** Where lines go. Default standard output. */
  destination?: DestinationStream;
  /** Least severe level written. Default `info`. */
  level?: string;
}

/** The server's logger: pino, ISO times, and secrets blanked wherever they might appear. */
export function createLogger(options: LoggerOptions): Logger {
  const settings = {
    name: 'hearken-server',
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
