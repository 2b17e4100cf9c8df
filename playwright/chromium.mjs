/**
 * How Hearken drives Chromium, for the browser tests, the consumer suite and the benches: the
 * system Chromium (Playwright cannot download its own here), or HEARKEN_CHROMIUM, with the quiet
 * flags that keep a shared, offline machine steady.
 */
import { existsSync } from 'node:fs';

/** Debian's Chromium, the browser users run: the benches and tab capture use it. */
export const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's headless shell of the same Chromium build (package `chromium-headless-shell`): Blink
 * without the browser's window layer, which is what Playwright itself runs headless tests on.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The full Chromium: HEARKEN_CHROMIUM, else Debian's. */
export const chromiumPath = (env = process.env) => env.HEARKEN_CHROMIUM ?? CHROMIUM;

/**
 * The browser the tests drive: HEARKEN_CHROMIUM, else the headless shell where it is installed
 * (the browser tests took 317 s on it against 502-513 s on the full browser, two cores), else
 * the full Chromium.
 */
export const testChromiumPath = (env = process.env, exists = existsSync) =>
  env.HEARKEN_CHROMIUM ?? (exists(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The full Chromium's launch options: the benches measure what users run. */
export const chromiumLaunchOptions = { executablePath: chromiumPath(), args };

/** The tests' launch options (browser tests, consumer suite); a spec that needs the browser's own features uses `chromiumLaunchOptions`. */
export const testChromiumLaunchOptions = { executablePath: testChromiumPath(), args };
