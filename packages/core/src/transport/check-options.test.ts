import { createFakeFetch, json } from '@hearken/test-support';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPortalClient } from '../clients/portal.ts';
import { createV1Client } from '../clients/v1.ts';
import { createV2Client } from '../clients/v2.ts';
import { isRequestValidationError } from '../contract/errors.ts';

const baseUrl = 'https://api.example.com';
const v1Key = `cfs_v1_${'a'.repeat(32)}`;
const identity = { workspace_id: 'w', api_key_id: 'k', scopes: [] };

/** The error `run` throws or rejects with. */
async function failure(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** A RequestValidationError naming `field`, whose message quotes none of `secrets`. */
async function expectRefused(run: () => unknown, field: string, ...secrets: string[]) {
  const error = await failure(run);
  expect(isRequestValidationError(error) && error.field).toBe(field);
  for (const secret of secrets) expect(JSON.stringify([String(error), error])).not.toContain(secret);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('client options', () => {
  it('refuse a missing or unusable baseUrl at the first call, naming it, sending nothing', async () => {
    const server = createFakeFetch(() => json(200, identity));
    const fetch = server.fetch;
    await expectRefused(() => createV2Client({ fetch } as never).me(), 'baseUrl');
    await expectRefused(() => createPortalClient({ baseUrl: 42, fetch } as never).listIssues('w'), 'baseUrl');
    await expectRefused(
      () => createV1Client({ baseUrl: 'feedback.example.com', apiKey: v1Key, fetch }).contacts.list(),
      'baseUrl',
    );
    await expectRefused(() => createV2Client({ baseUrl: 'ftp://feedback.example.com', fetch }).me(), 'baseUrl');
    expect(server.calls).toHaveLength(0);
  });

  it('take a path as baseUrl in a page, where the key proxy may live', async () => {
    vi.stubGlobal('location', new URL('https://shop.example/products/1'));
    const server = createFakeFetch(() => json(200, identity));
    await createV2Client({ baseUrl: '/feedback-proxy', fetch: server.fetch }).me();
    expect(server.calls[0]?.url.href).toBe('https://shop.example/feedback-proxy/api/v2/me');
  });

  it('refuse a bad timeout, retry, fetch or header, naming the option', async () => {
    await expectRefused(() => createV2Client({ baseUrl, timeout: -5 }), 'timeout');
    await expectRefused(() => createV2Client({ baseUrl, timeout: 2 ** 31 }), 'timeout');
    await expectRefused(() => createV2Client({ baseUrl, retry: -1 }), 'retry');
    await expectRefused(() => createV2Client({ baseUrl, retry: { limt: 3 } as never }), 'retry.limt');
    await expectRefused(() => createV2Client({ baseUrl, retry: { jitterMs: Number.NaN } }), 'retry.jitterMs');
    await expectRefused(() => createV2Client({ baseUrl, fetch: 'fetch' as never }), 'fetch');
    await expectRefused(
      () => createV2Client({ baseUrl, headers: { 'x-token': 'one\ntwo' } }),
      'headers.x-token',
      'one',
    );
  });

  it('refuse a key a header cannot carry without quoting it', async () => {
    const key = `cfs_v2_${'S'.repeat(16)}\n${'S'.repeat(16)}`;
    await expectRefused(() => createV2Client({ baseUrl, apiKey: key }), 'apiKey', 'SSSS');
    await expectRefused(() => createV1Client({ baseUrl, apiKey: 42 as never }), 'apiKey');
  });

  it('still take a key with a line break at its end, as read from a file', async () => {
    const server = createFakeFetch(() => json(200, identity));
    await createV2Client({ baseUrl, apiKey: `cfs_v2_${'a'.repeat(32)}\n`, fetch: server.fetch }).me();
    expect(server.calls[0]?.headers.get('authorization')).toBe(`Bearer cfs_v2_${'a'.repeat(32)}`);
  });
});

describe('call options', () => {
  it('refuse a bad timeout or header of one call, sending nothing', async () => {
    const server = createFakeFetch(() => json(200, identity));
    const v2 = createV2Client({ baseUrl, fetch: server.fetch });
    await expectRefused(() => v2.me({ timeout: 0 }), 'timeout');
    await expectRefused(() => v2.me({ headers: { authorization: 'Bearer a\rb' } }), 'headers.authorization', 'Bearer');
    expect(server.calls).toHaveLength(0);
    await v2.me({ timeout: false, headers: { 'x-trace': 't1' } });
    expect(server.calls).toHaveLength(1);
  });
});

describe('a factory called without options', () => {
  it('fails with RequestValidationError saying options are needed, not a TypeError', async () => {
    for (const create of [createPortalClient, createV1Client, createV2Client] as ((options?: unknown) => unknown)[]) {
      for (const options of [undefined, null, 'https://api.example.com']) {
        const error = await failure(() => create(options));
        expect(isRequestValidationError(error) && error.message).toMatch(/options object with a baseUrl/);
      }
    }
  });
});
