/**
 * The script-tag build (`packages/embed/dist`) of an earlier commit, for benches that time the
 * current build against it side by side. Built once per commit in a temporary git worktree and
 * kept in `bench/.cache/embed-<sha>/` (gitignored), so later runs start at once.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { resolvePackage } from './packages.mjs';

/**
 * The build time-to-content compares with unless `HEARKEN_BENCH_BASELINE` names another: main
 * before issue 36 compressed the servers' answers and kept the elements' eager code off core's
 * barrel. The README's figures table names it from here.
 */
export const DEFAULT_BASELINE = { commit: '35d1ed2', what: 'main before issue 36' };

/** Runs a command; rejects with its last lines of output when it fails. */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else {
        const tail = output.trim().split('\n').slice(-8).join('\n');
        reject(new Error(`\`${command} ${args.join(' ')}\` in ${cwd} exited with ${code}:\n${tail}`));
      }
    });
  });
}

/** The full hash of `ref` in the repository at `root`. */
export async function resolveCommit(root, ref) {
  return (await run('git', ['rev-parse', '--verify', `${ref}^{commit}`], root)).trim();
}

/**
 * The directory holding `packages/embed/dist` as built at `ref`, building it first if it is not
 * cached. `log` hears what takes time (a build is a few minutes on a busy machine).
 * @returns {Promise<{ commit: string, dir: string, cached: boolean }>}
 */
export async function baselineEmbedBuild(root, ref, log = () => {}) {
  const commit = await resolveCommit(root, ref);
  const dir = join(root, 'bench', '.cache', `embed-${commit}`);
  if (existsSync(join(dir, 'hearken.js'))) return { commit, dir, cached: true };

  const work = await mkdtemp(join(tmpdir(), 'hearken-baseline-'));
  const tree = join(work, 'tree');
  log(`building ${commit.slice(0, 7)} in a temporary worktree`);
  await run('git', ['worktree', 'add', '--detach', tree, commit], root);
  try {
    // The store already holds what the old lockfile names, unless it was pruned since.
    await run('pnpm', ['install', '--frozen-lockfile', '--offline'], tree).catch(() =>
      run('pnpm', ['install', '--frozen-lockfile'], tree),
    );
    // The loader and the packages it bundles, in dependency order.
    await run('pnpm', ['-r', '--filter', '@hearken/embed...', 'run', 'build'], tree);
    const built = join(tree, 'packages', 'embed', 'dist');
    if (!existsSync(join(built, 'hearken.js'))) throw new Error(`the build of ${commit} wrote no hearken.js`);
    // Copied under a temporary name and renamed, so an interrupted copy is never taken for a build.
    const partial = `${dir}.partial-${process.pid}`;
    await cp(built, partial, { recursive: true });
    await rm(dir, { recursive: true, force: true });
    await rename(partial, dir);
  } finally {
    await run('git', ['worktree', 'remove', '--force', tree], root).catch(() => {});
    await rm(work, { recursive: true, force: true });
  }
  return { commit, dir, cached: false };
}

/**
 * This build's `hearken.js` folder and the baseline's, side by side, for benches that load both:
 * `builds` maps `current` (and `baseline`, when it could be built) to the folder to serve, and
 * `baseline` says which commit it is or why there is none (this build is still measured).
 */
export async function embedBuilds(root, ref, bench) {
  const baseline = await baselineEmbedBuild(root, ref, (line) => console.error(`${bench}: ${line}`)).catch((error) => ({
    error,
  }));
  const builds = { current: dirname(resolvePackage(root, '@hearken/embed/hearken.js')) };
  if (baseline.dir) builds.baseline = baseline.dir;
  return { baseline, builds };
}
