/**
 * How Hearken drives Chromium, for the browser tests and the render bench alike: the system
 * Chromium (Playwright cannot download its own here), or HEARKEN_CHROMIUM, with the quiet flags
 * that keep a shared, offline machine steady.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.HEARKEN_CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
