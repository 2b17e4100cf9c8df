import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error.ts';

describe('loggableError', () => {
  it('keeps a failed query, its code and reason, and drops its parameters and the driver detail', () => {
    for (const secret of ['visitor text \ud800', 'alice@example.com', '<script>x</script>']) {
      const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8"'), {
        code: '22021',
        detail: `Key (text)=(${secret}) already exists.`,
      });
      const logged = loggableError(new DrizzleQueryError('insert into threads (text) values ($1)', [secret], cause));
      const text = JSON.stringify({
        ...(logged as object),
        message: (logged as Error).message,
        stack: (logged as Error).stack,
      });
      expect(text).toContain('insert into threads (text) values ($1)');
      expect(text).toContain('22021');
      expect(text).not.toContain(secret.slice(0, 10));
      expect(text).not.toContain('params');
    }
  });

  it('leaves any other error as it is', () => {
    const error = new TypeError('boom');
    expect(loggableError(error)).toBe(error);
    expect(loggableError('text')).toBe('text');
  });
});
