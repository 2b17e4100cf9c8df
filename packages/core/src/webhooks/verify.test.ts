import { threadRow } from '@hearken/test-support';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../contract/schemas/webhook-events.ts';
import { signWebhook, verifyWebhook, WebhookVerificationError } from './verify.ts';

// The signing test vector of the Standard Webhooks reference libraries.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const at = (seconds: number) => () => seconds * 1000;

const event = JSON.stringify({
  type: 'contact.created',
  timestamp: '2026-11-01T12:00:00.000Z',
  data: { id: 'c1', email: 'a@b.example', name: null, company_id: null, created_at: 'x', updated_at: 'x' },
});

async function headersFor(body: string, secrets: string | string[], timestamp = VECTOR.timestamp) {
  return {
    'webhook-id': VECTOR.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': await signWebhook(secrets, VECTOR.id, timestamp, body),
  };
}

async function reasonOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

describe('signWebhook', () => {
  it('gives the specification test vector', async () => {
    expect(await signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.payload)).toBe(VECTOR.signature);
  });

  it('signs with every secret, space-separated, each accepted by the standardwebhooks package', async () => {
    const other = `whsec_${btoa('another secret of enough length!')}`;
    const headers = await headersFor(event, [VECTOR.secret, other], Math.floor(Date.now() / 1000));
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    for (const secret of [VECTOR.secret, other]) {
      expect(new Webhook(secret).verify(event, headers)).toEqual(JSON.parse(event));
    }
  });
});

describe('verifyWebhook', () => {
  it('checks the test vector signature (the vector body is not an event, so it stops there)', async () => {
    const headers = {
      'webhook-id': VECTOR.id,
      'webhook-timestamp': String(VECTOR.timestamp),
      'webhook-signature': VECTOR.signature,
    };
    expect(await reasonOf(verifyWebhook(VECTOR.payload, headers, VECTOR.secret, { now: at(VECTOR.timestamp) }))).toBe(
      'invalid_payload',
    );
    const altered = VECTOR.payload.replace('2', '3');
    expect(await reasonOf(verifyWebhook(altered, headers, VECTOR.secret, { now: at(VECTOR.timestamp) }))).toBe(
      'no_matching_signature',
    );
  });

  it('returns the typed event from a string, bytes, Headers or a plain object', async () => {
    const headers = await headersFor(event, VECTOR.secret);
    const options = { now: at(VECTOR.timestamp) };
    const parsed = await verifyWebhook(event, headers, VECTOR.secret, options);
    expect(parsed.type).toBe('contact.created');
    if (parsed.type === 'contact.created') expect(parsed.data.email).toBe('a@b.example');
    expect(await verifyWebhook(new TextEncoder().encode(event), new Headers(headers), VECTOR.secret, options)).toEqual(
      parsed,
    );
  });

  it('returns thread.held, one of the event types, with the held row and its reasons', async () => {
    expect(WEBHOOK_EVENT_TYPES).toContain('thread.held');
    const held = threadRow('th_9', { moderation: 'held', moderation_reasons: ['fill_time', 'links'] });
    const body = JSON.stringify({ type: 'thread.held', timestamp: '2026-11-01T12:00:00.000Z', data: held });
    const parsed = await verifyWebhook(body, await headersFor(body, VECTOR.secret), VECTOR.secret, {
      now: at(VECTOR.timestamp),
    });
    // The type narrows to the thread row, as a receiver posting it to a channel reads it.
    const reasons = parsed.type === 'thread.held' ? parsed.data.moderation_reasons : [];
    expect(reasons).toEqual(['fill_time', 'links']);
  });

  it('accepts a secret without its whsec_ prefix, and any of several signatures or secrets', async () => {
    const options = { now: at(VECTOR.timestamp) };
    const good = await headersFor(event, VECTOR.secret);
    const mixed = {
      ...good,
      'webhook-signature': `v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v2,abc ${good['webhook-signature']}`,
    };
    await expect(verifyWebhook(event, mixed, VECTOR.secret.slice(6), options)).resolves.toMatchObject({
      type: 'contact.created',
    });
    const rotated = `whsec_${btoa('the new secret after rotation!!!')}`;
    await expect(verifyWebhook(event, good, [rotated, VECTOR.secret], options)).resolves.toBeTruthy();
  });

  it('names each failure by its reason', async () => {
    const options = { now: at(VECTOR.timestamp) };
    const good = await headersFor(event, VECTOR.secret);
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
      const { [name]: _left, ...missing } = good;
      expect(await reasonOf(verifyWebhook(event, missing, VECTOR.secret, options))).toBe('missing_header');
    }
    expect(
      await reasonOf(verifyWebhook(event, { ...good, 'webhook-timestamp': 'hello' }, VECTOR.secret, options)),
    ).toBe('invalid_timestamp');
    for (const signature of ['v1,dawfeoifkpqwoekfpqoekf', good['webhook-signature'].slice(0, 8), 'v1,']) {
      expect(
        await reasonOf(verifyWebhook(event, { ...good, 'webhook-signature': signature }, VECTOR.secret, options)),
      ).toBe('no_matching_signature');
    }
    const wrongSecret = `whsec_${btoa('not the secret that signed it!!!')}`;
    expect(await reasonOf(verifyWebhook(event, good, wrongSecret, options))).toBe('no_matching_signature');
    expect(await reasonOf(verifyWebhook(event, good, 'whsec_%%%', options))).toBe('invalid_secret');
  });

  it('refuses a timestamp outside the tolerance either way, and honours a wider one', async () => {
    const headers = await headersFor(event, VECTOR.secret);
    const late = at(VECTOR.timestamp + 301);
    const early = at(VECTOR.timestamp - 301);
    expect(await reasonOf(verifyWebhook(event, headers, VECTOR.secret, { now: late }))).toBe(
      'timestamp_out_of_tolerance',
    );
    expect(await reasonOf(verifyWebhook(event, headers, VECTOR.secret, { now: early }))).toBe(
      'timestamp_out_of_tolerance',
    );
    await expect(
      verifyWebhook(event, headers, VECTOR.secret, { now: late, toleranceSeconds: 600 }),
    ).resolves.toBeTruthy();
  });
});
