import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { hmacKey } from './hmac-key.ts';

const secret = new TextEncoder().encode('a secret of thirty-two bytes or more, for tests');

describe('hmacKey', () => {
  it('imports a secret once, however often it signs or checks', () => {
    expect(hmacKey(secret)).toBe(hmacKey(secret));
    expect(hmacKey(new Uint8Array(secret))).not.toBe(hmacKey(secret));
  });

  it('checks tokens signed from the raw secret (those issued before it), and refuses another secret', async () => {
    const token = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('thread').sign(secret);
    const { payload } = await jwtVerify(token, await hmacKey(secret), { algorithms: ['HS256'] });
    expect(payload.sub).toBe('thread');
    const other = new TextEncoder().encode('another secret of thirty-two bytes or more');
    await expect(jwtVerify(token, await hmacKey(other), { algorithms: ['HS256'] })).rejects.toThrow(/signature/);
  });
});
