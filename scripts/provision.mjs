/**
 * What `npm test` needs beyond Node and npm, and how it gets it: installed from Debian's packages
 * when this runs as root where apt-get exists (as in CI), otherwise named in one line before any
 * test runs. Add a requirement to REQUIREMENTS to have it provisioned the same way.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumPath, HEADLESS_SHELL } from '../playwright/chromium.mjs';

/**
 * @typedef {object} Requirement
 * @property {string} name what it is, as the one-line message names it
 * @property {() => boolean} present whether this machine has it
 * @property {string[]} debian Debian packages that provide it
 * @property {string} hint how to provide it by hand, where it cannot be installed here (for an optional one, what its absence costs)
 * @property {boolean} [optional] installed where it can be, but the tests run without it (slower)
 */

/** Debian's PostgreSQL server binaries (postgresql-NN; the client package makes the same folder), or HEARKEN_POSTGRES_BIN. */
function hasPostgresServer(env = process.env) {
  if (env.HEARKEN_POSTGRES_BIN) return true;
  const base = '/usr/lib/postgresql';
  return existsSync(base) && readdirSync(base).some((version) => existsSync(join(base, version, 'bin', 'initdb')));
}

const hasRedisServer = (env = process.env) =>
  Boolean(env.HEARKEN_REDIS_SERVER) || spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

/** @type {Requirement[]} */
export const REQUIREMENTS = [
  {
    name: 'Chromium',
    present: () => existsSync(chromiumPath()),
    debian: ['chromium'],
    hint: 'install Chromium (Debian/Ubuntu: apt-get install chromium) or set HEARKEN_CHROMIUM to a Chromium binary',
  },
  {
    name: "Chromium's headless shell",
    present: () => Boolean(process.env.HEARKEN_CHROMIUM) || existsSync(HEADLESS_SHELL),
    debian: ['chromium-headless-shell'],
    hint: 'the browser tests use the full Chromium, and take longer (Debian/Ubuntu: apt-get install chromium-headless-shell)',
    optional: true,
  },
  {
    name: 'PostgreSQL',
    present: () => hasPostgresServer(),
    debian: ['postgresql'],
    hint: 'install PostgreSQL (Debian/Ubuntu: apt-get install postgresql) or set HEARKEN_POSTGRES_BIN to its bin directory',
  },
  {
    name: 'Redis',
    present: () => hasRedisServer(),
    debian: ['redis-server'],
    hint: 'install Redis (Debian/Ubuntu: apt-get install redis-server) or set HEARKEN_REDIS_SERVER to a redis-server binary',
  },
];

const canUseApt = () =>
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;

function aptInstall(packages) {
  const options = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  console.log(`\n> apt-get install ${packages.join(' ')}`);
  if (spawnSync('apt-get', ['update', '-qq'], options).status !== 0) return false;
  return spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], options).status === 0;
}

/**
 * Makes sure every requirement is present, installing the missing ones with apt-get where it can.
 * Resolves to null when all but optional ones are present, else to the one line saying what to install.
 */
export function provision({ requirements = REQUIREMENTS, apt = canUseApt() ? aptInstall : null } = {}) {
  const absent = (optional) =>
    requirements.filter((requirement) => Boolean(requirement.optional) === optional && !requirement.present());
  // The optional ones in a call of their own, so a distribution without them still gets the rest.
  for (const optional of [false, true]) {
    const wanted = absent(optional);
    if (wanted.length > 0 && apt) apt(wanted.flatMap((requirement) => requirement.debian));
  }
  for (const requirement of absent(true))
    console.log(`${requirement.name} is not here, so tests run without it: ${requirement.hint}.`);
  const missing = absent(false);
  if (missing.length === 0) return null;
  return `npm test needs ${missing.map((requirement) => requirement.name).join(' and ')}: ${missing
    .map((requirement) => requirement.hint)
    .join('; ')}.`;
}
