/** Packing every workspace package as it would be published, and checking what each tarball holds. */
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { dependencyProblems } from './dist-imports.mjs';
import { exec, run } from './process.mjs';

export const PACKAGES = ['core', 'ui', 'roadmap', 'feedback', 'proxy', 'server', 'embed'];

/** Exports that are assets, not modules, so they have no types to check. */
const ASSETS = {
  '@hearken/embed': ['./snippet.min.js', './snippet.html', './roadmap.css'],
  '@hearken/roadmap': ['./roadmap.css'],
};

/** `pnpm pack`s every package into `dir`; resolves to name → absolute tarball path. */
export async function packAll(root, pnpm, dir) {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const packed = await Promise.all(
    PACKAGES.map(async (name) => {
      const { stdout } = await run(pnpm[0], [...pnpm.slice(1), 'pack', '--pack-destination', dir], {
        cwd: join(root, 'packages', name),
      });
      const file = stdout.trim().split('\n').pop().trim();
      return [`@hearken/${name}`, file.startsWith('/') ? file : join(dir, file)];
    }),
  );
  return Object.fromEntries(packed);
}

async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(join(entry.parentPath, entry.name));
  }
  return out;
}

/** What is wrong with one unpacked package: files it must or must not ship, and its dependencies. */
async function contentProblems(unpacked) {
  const problems = [];
  const manifest = JSON.parse(await readFile(join(unpacked, 'package.json'), 'utf8'));
  const files = (await filesUnder(unpacked)).map((file) => relative(unpacked, file));
  if (!files.includes('LICENSE')) problems.push('ships no LICENSE');
  if (!files.includes('README.md')) problems.push('ships no README.md');
  else {
    const readme = await readFile(join(unpacked, 'README.md'), 'utf8');
    for (const [, target] of readme.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!/^(https?:|mailto:|#)/.test(target)) problems.push(`README links to ${target}, outside the package`);
    }
  }
  for (const file of files) {
    if (/(^|\/)(test|tests|__tests__)\/|\.test\.|test-helpers?\.|fixtures?\//.test(file)) {
      problems.push(`ships the test file ${file}`);
    }
  }
  // The workspace reads sources through it; packed, it would name files no tarball ships.
  if (JSON.stringify(manifest.exports ?? {}).includes('"source"')) {
    problems.push('exports keep the workspace-only source condition (packed without .pnpmfile.cjs?)');
  }
  const code = {};
  for (const file of files.filter((name) => /\.(m?js|cjs|d\.ts)$/.test(name))) {
    code[file] = await readFile(join(unpacked, file), 'utf8');
  }
  problems.push(...dependencyProblems(manifest, code));
  return problems;
}

/**
 * Checks every tarball: its contents, publint --strict, and @arethetypeswrong/cli under node16 and
 * bundler resolution (an ES-module-only package may resolve to ESM from CommonJS: Node >= 20.19
 * can require it, which the suite's CommonJS scripts prove). Resolves to the problems found.
 */
export async function checkTarballs(root, tarballs, workDir) {
  const bin = (name) => join(root, 'node_modules', '.bin', name);
  const results = await Promise.all(
    Object.entries(tarballs).map(async ([name, tarball]) => {
      const problems = [];
      const unpacked = join(workDir, 'unpacked', name.replace('/', '+'));
      await mkdir(unpacked, { recursive: true });
      await run('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
      problems.push(...(await contentProblems(unpacked)));
      const publint = await exec(bin('publint'), ['run', tarball, '--strict']);
      if (publint.code !== 0) problems.push(`publint --strict:\n${publint.output.trim()}`);
      const attw = await exec(bin('attw'), [
        tarball,
        // Files served as they are (a classic script, an HTML fragment), not modules to import.
        ...(ASSETS[name] ? ['--exclude-entrypoints', ...ASSETS[name]] : []),
        '--profile',
        'node16',
        '--ignore-rules',
        'cjs-resolves-to-esm',
        '--format',
        'table-flipped',
        '--no-emoji',
        '--no-color',
      ]);
      if (attw.code !== 0) problems.push(`@arethetypeswrong/cli:\n${attw.output.trim()}`);
      return problems.map((problem) => `${name}: ${problem}`);
    }),
  );
  return results.flat();
}
