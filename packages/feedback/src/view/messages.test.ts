// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { en } from '../strings.ts';
import { alertText, statusText } from './messages.ts';

const locale = { language: 'en', dir: 'ltr' as const, messages: en };

describe('a submission whose screenshot was refused', () => {
  it('says the feedback was sent, and that the screenshot was not, with the service’s code', () => {
    const status = {
      kind: 'sent' as const,
      threadId: 't1',
      imageError: { name: 'V2Error', status: 413, code: 'payload_too_large', message: 'attachments[0]: too large' },
    };
    expect(statusText(locale, status)).toBe('Thank you! Your feedback was sent.');
    expect(alertText(locale, status, {})).toBe(
      'Your feedback was sent, but the screenshot was refused (payload_too_large).',
    );
    expect(alertText(locale, { kind: 'sent', threadId: 't1' }, {})).toBe('');
  });
});
