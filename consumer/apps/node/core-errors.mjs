// @hearken/core from an ES module against the reference server.
import * as core from '@hearken/core';
import coreErrors from './core-errors-checks.cjs';

await coreErrors(core, 'ESM');
