/** The label the default receipt secret is derived with, so it is no other use's HMAC of the key. */
const LABEL = 'hearken-proxy:receipts:v1';

/**
 * The default receipt secret: HMAC-SHA-256 of a fixed label under the API key. Stable across
 * restarts and proxy instances holding the same key, with no setting to add; never the key itself.
 */
export async function receiptSecretFromKey(apiKey: string): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(apiKey), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(LABEL)));
}
