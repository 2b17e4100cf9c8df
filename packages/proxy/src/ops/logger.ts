import type { Logger } from '@hearken/service';
import type { ProxyLogEntry } from '../config/options.ts';

/** The proxy's `log` option writing to a pino logger: the entry's event is the message. */
export function logTo(logger: Logger): (entry: ProxyLogEntry) => void {
  return ({ level, event, ...fields }) => logger[level](fields, event);
}
