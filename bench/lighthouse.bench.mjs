/**
 * Lighthouse (mobile, its default: a mid-range phone on a simulated slow 4G) on each example page
 * as the demo serves it (`examples/stack.mjs`: the examples server, the key proxy and the reference
 * server on in-memory PGlite with the demo seed), in the system Chromium.
 *
 * Per page: the performance score (0-100), the accessibility score (budget 100: issue 34's
 * "Lighthouse accessibility 1.0 on every example page", the failing audits named), and whether
 * Lighthouse finds "Enable text compression" (its `uses-text-compression` audit: any script,
 * stylesheet, page or read that would shrink by compression), with the bytes it would save; no
 * page may have that finding.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumLaunchOptions } from '../playwright/chromium.mjs';

const PAGES = [
  '/marketing-site/',
  '/marketing-site/pricing.html',
  '/settings-page/',
  '/host-app/',
  '/server-rendered/',
];

/** Starts headless Chromium with a DevTools port for Lighthouse; resolves to its port and a stop. */
async function startChromium() {
  const profile = await mkdtemp(join(tmpdir(), 'hearken-lighthouse-'));
  const child = spawn(
    chromiumLaunchOptions.executablePath,
    ['--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...chromiumLaunchOptions.args],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`Chromium gave no DevTools port in 30 s: ${seen.slice(-500)}`)),
      30_000,
    );
    child.once('error', reject);
    child.stderr.on('data', (chunk) => {
      seen += chunk;
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
  });
  return {
    port,
    stop: async () => {
      child.kill();
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export default async function lighthouseBench({ root }) {
  const require = createRequire(join(root, 'bench', 'package.json'));
  const { default: lighthouse } = await import(pathToFileURL(require.resolve('lighthouse')).href);
  const { startStack } = await import(pathToFileURL(join(root, 'examples', 'stack.mjs')).href);
  const group = 'lighthouse (mobile)';
  const rows = [];
  const stack = await startStack({ data: 'memory' });
  let chromium;
  try {
    chromium = await startChromium();
    for (const path of PAGES) {
      const url = `${stack.examplesUrl}${path}`;
      const result = await lighthouse(url, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const { lhr } = result;
      const score = lhr.categories.performance.score;
      const audit = lhr.audits['uses-text-compression'];
      const saving = audit?.details?.overallSavingsBytes ?? 0;
      const finding = audit && audit.scoreDisplayMode !== 'notApplicable' && audit.score !== null && audit.score < 1;
      const failed = lhr.runtimeError?.message;
      rows.push({
        group,
        metric: `${path}: performance score`,
        value: score === null ? Number.NaN : score * 100,
        unit: '',
        lowerIsBetter: false,
        ...(failed ? { error: failed } : {}),
        note: `first contentful paint ${lhr.audits['first-contentful-paint']?.displayValue}, largest ${lhr.audits['largest-contentful-paint']?.displayValue}, total blocking ${lhr.audits['total-blocking-time']?.displayValue}`,
      });
      const accessibility = lhr.categories.accessibility;
      const failing = accessibility.auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit && audit.scoreDisplayMode === 'binary' && audit.score === 0)
        .map((audit) => audit.id);
      rows.push({
        group,
        metric: `${path}: accessibility score`,
        value: accessibility.score === null ? Number.NaN : accessibility.score * 100,
        unit: '',
        budget: 100,
        lowerIsBetter: false,
        ...(failed ? { error: failed } : {}),
        note: failing.length > 0 ? `failing: ${failing.join(', ')}` : 'every audit passes',
      });
      rows.push({
        group,
        metric: `${path}: "Enable text compression" findings, bytes to save`,
        value: finding ? saving / 1000 : 0,
        unit: 'kB',
        budget: 0,
        ...(audit ? {} : { error: 'Lighthouse ran no uses-text-compression audit' }),
        note: finding
          ? (audit.details?.items ?? []).map((item) => new URL(item.url).pathname).join(', ')
          : `no finding (audit score ${audit?.score})`,
      });
    }
  } finally {
    await chromium?.stop();
    await stack.close();
  }
  return rows;
}
