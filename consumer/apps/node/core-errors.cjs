// @hearken/core from CommonJS (require of the ES module) against the reference server.
require('./core-errors-checks.cjs')(require('@hearken/core'), 'CommonJS').catch((error) => {
  console.error(error);
  process.exit(1);
});
