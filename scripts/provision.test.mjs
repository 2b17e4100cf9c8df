import { describe, expect, it, vi } from 'vitest';
import { CHROMIUM, chromiumPath, HEADLESS_SHELL, testChromiumPath } from '../playwright/chromium.mjs';
import { provision } from './provision.mjs';

const requirement = (name, installed) => ({
  name,
  present: () => installed.has(name),
  debian: [name.toLowerCase()],
  hint: `install ${name}`,
});

describe('provision', () => {
  it('does nothing when everything is present', () => {
    const installed = new Set(['Chromium']);
    const calls = [];
    expect(provision({ requirements: [requirement('Chromium', installed)], apt: (p) => calls.push(p) })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('installs what is missing with apt-get, in one call', () => {
    const installed = new Set();
    const calls = [];
    const apt = (packages) => {
      calls.push(packages);
      for (const name of ['Chromium', 'Redis']) installed.add(name);
    };
    const requirements = [requirement('Chromium', installed), requirement('Redis', installed)];
    expect(provision({ requirements, apt })).toBeNull();
    expect(calls).toEqual([['chromium', 'redis']]);
  });

  it('says in one line what to install where it cannot install', () => {
    const installed = new Set();
    const requirements = [requirement('Chromium', installed), requirement('Redis', installed)];
    expect(provision({ requirements, apt: null })).toBe(
      'npm test needs Chromium and Redis: install Chromium; install Redis.',
    );
  });

  it('names what apt-get could not install', () => {
    const installed = new Set();
    expect(provision({ requirements: [requirement('Chromium', installed)], apt: () => {} })).toBe(
      'npm test needs Chromium: install Chromium.',
    );
  });

  it('installs an optional requirement in a call of its own, and runs without it where apt-get cannot', () => {
    const installed = new Set();
    const calls = [];
    const apt = (packages) => {
      calls.push(packages);
      if (packages.includes('chromium')) installed.add('Chromium');
    };
    const shell = { ...requirement('Shell', installed), optional: true };
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(provision({ requirements: [shell, requirement('Chromium', installed)], apt })).toBeNull();
      expect(log).toHaveBeenCalledWith('Shell is not here, so tests run without it: install Shell.');
    } finally {
      log.mockRestore();
    }
    expect(calls).toEqual([['chromium'], ['shell']]);
  });

  it('drives the Chromium HEARKEN_CHROMIUM names, else /usr/bin/chromium', () => {
    expect(chromiumPath({})).toBe('/usr/bin/chromium');
    expect(chromiumPath({ HEARKEN_CHROMIUM: '/opt/chrome' })).toBe('/opt/chrome');
  });

  it('tests on the headless shell where it is installed, else the full Chromium, and always on HEARKEN_CHROMIUM', () => {
    expect(testChromiumPath({}, (path) => path === HEADLESS_SHELL)).toBe('/usr/bin/chromium-headless-shell');
    expect(testChromiumPath({}, () => false)).toBe(CHROMIUM);
    expect(testChromiumPath({ HEARKEN_CHROMIUM: '/opt/chrome' }, () => true)).toBe('/opt/chrome');
  });
});
