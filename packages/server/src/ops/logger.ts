import { createLogger as createServiceLogger, type Logger, type LoggerOptions } from '@hearken/service';

export type { Logger, LoggerOptions };

/** The server's logger: pino, ISO times, and secrets blanked wherever they might appear. */
export function createLogger(options: LoggerOptions): Logger {
  return createServiceLogger('hearken-server', options);
}
