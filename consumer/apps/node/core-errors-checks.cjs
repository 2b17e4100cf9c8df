// What core-errors.mjs and core-errors.cjs check of @hearken/core, as an ES module imported it or
// CommonJS required it, against the reference server: data, and typed errors.
const assert = require('node:assert/strict');

module.exports = async function coreErrors(core, how) {
  const { createV2Client, isUnauthenticatedError, isUnsupportedKeyVersionError } = core;
  const { HEARKEN_URL: baseUrl, HEARKEN_V2_KEY: key, HEARKEN_V1_KEY: v1Key } = process.env;
  const me = await createV2Client({ baseUrl, apiKey: key }).me();
  assert.ok(me.scopes.length > 0, 'me() lists the scopes');

  const unknown = await createV2Client({ baseUrl, apiKey: `cfs_v2_${'x'.repeat(32)}`, retry: 0 })
    .me()
    .catch((error) => error);
  assert.ok(isUnauthenticatedError(unknown), `an unknown key is an UnauthenticatedError, got ${unknown}`);
  assert.equal(unknown.name, 'UnauthenticatedError');
  assert.equal(unknown.status, 401);
  assert.match(unknown.requestId, /\S/);

  const v1 = await createV2Client({ baseUrl, headers: { authorization: `Bearer ${v1Key}` }, retry: 0 })
    .me()
    .catch((error) => error);
  assert.ok(isUnsupportedKeyVersionError(v1), `a v1 key is an UnsupportedKeyVersionError, got ${v1}`);
  assert.equal(v1.status, 410);
  console.log(`${how}: me() and typed errors`);
};
