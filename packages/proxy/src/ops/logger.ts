import { LOG_REDACT_PATHS, type LogFormat } from '@hearken/core/node';
import { type DestinationStream, type Logger, pino } from 'pino';
import pretty from 'pino-pretty';
import type { ProxyLogEntry } from '../config/options.ts';

export interface LoggerOptions {
  /** `json` (one object a line) or `pretty` (for a person at a terminal). */
  format: LogFormat;
  /** Where lines go. Default standard output. */
  destination?: DestinationStream;
}

/** The CLI's logger: pino, ISO times, level names, and secrets blanked wherever they might appear. */
export function createLogger(options: LoggerOptions): Logger {
  const settings = {
    name: 'hearken-proxy',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: [...LOG_REDACT_PATHS], censor: '[redacted]' },
  };
  if (options.format === 'pretty') {
    return pino(settings, pretty({ sync: true, ...(options.destination ? { destination: options.destination } : {}) }));
  }
  return pino(settings, options.destination ?? pino.destination({ sync: true }));
}

/** The proxy's `log` option writing to a pino logger: the entry's event is the message. */
export function logTo(logger: Logger): (entry: ProxyLogEntry) => void {
  return ({ level, event, ...fields }) => logger[level](fields, event);
}
