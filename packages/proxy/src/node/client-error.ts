import type { ParserRefusal, ParserRefusalAnswer } from '@hearken/service';
import type { ProxyLogEntry } from '../config/options.ts';
import { asV1Error, errorReply, newRequestId } from '../http/envelope.ts';

/**
 * The answer to a request Node's HTTP parser refused before the proxy saw it, in the error format
 * of its path like every other refusal, and its log entry.
 */
export function parserRefusalAnswer(log: (entry: ProxyLogEntry) => void) {
  return (refusal: ParserRefusal): ParserRefusalAnswer => {
    const requestId = newRequestId();
    const { status, code, message, issue } = refusal;
    const reply = errorReply(code, message, requestId, { details: { issues: [issue] } });
    const { headers, body } = refusal.path.startsWith('/api/v1/') ? asV1Error(reply) : reply;
    log({ level: 'warn', event: 'request', requestId, status, reason: refusal.reason });
    return { headers, body: body ?? '' };
  };
}
