// @vitest-environment node
import { METADATA_MAX_ENTRIES } from '@hearken/core';
import { describe, expect, it } from 'vitest';
import { browserAndOs, checkHostContext, collectPageContext, type PageEnvironment } from './page-context.ts';

const page: PageEnvironment = {
  location: { href: 'https://app.example.com/billing/invoices?token=secret&id=7#row-3' },
  document: { title: 'Invoices · Example' },
  navigator: {
    language: 'de-AT',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    userAgentData: {
      brands: [
        { brand: 'Not A(Brand', version: '8' },
        { brand: 'Chromium', version: '131' },
        { brand: 'Google Chrome', version: '131' },
      ],
      platform: 'Linux',
    },
  },
  innerWidth: 390,
  innerHeight: 844,
};

describe('collectPageContext', () => {
  it('reads the page, its title, language, time zone, viewport, browser and OS, without query string or fragment', () => {
    expect(collectPageContext({}, page)).toEqual({
      page_url: 'https://app.example.com/billing/invoices',
      page_title: 'Invoices · Example',
      language: 'de-AT',
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      viewport: '390x844',
      browser: 'Google Chrome 131',
      os: 'Linux',
    });
  });

  it('names Chromium itself when no other browser brand is listed, never the made-up brand', () => {
    const chromium = {
      userAgentData: {
        brands: [
          { brand: 'Chromium', version: '142' },
          { brand: 'Not:A-Brand', version: '99' },
        ],
        platform: 'Linux',
      },
    };
    expect(browserAndOs(chromium)).toEqual({ browser: 'Chromium 142', os: 'Linux' });
  });

  it('keeps the query string and fragment when the host asks for the full URL', () => {
    expect(collectPageContext({ fullUrl: true }, page).page_url).toBe(page.location?.href);
  });

  it('clips a title longer than the metadata takes instead of failing the submission', () => {
    const long = collectPageContext({}, { ...page, document: { title: 'x'.repeat(900) } });
    expect(long.page_title).toHaveLength(500);
  });
});

describe('browserAndOs without Client Hints', () => {
  const cases: [string, { browser: string; os: string }][] = [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.51',
      { browser: 'Edge 131', os: 'Windows' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      { browser: 'Safari 17', os: 'macOS' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      { browser: 'Safari 17', os: 'iOS' },
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0', { browser: 'Firefox 132', os: 'Android' }],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome 131', os: 'Android' },
    ],
  ];
  it.each(cases)('%s', (userAgent, expected) => {
    expect(browserAndOs({ userAgent })).toEqual(expected);
  });

  it('says nothing it cannot tell', () => {
    expect(browserAndOs({ userAgent: 'curl/8.0' })).toEqual({});
  });
});

describe('checkHostContext', () => {
  it('accepts string values under the limits', () => {
    expect(checkHostContext({ app_version: '4.2.0', 'plan.tier': 'pro' })).toEqual({
      accepted: { app_version: '4.2.0', 'plan.tier': 'pro' },
      errors: [],
    });
  });

  it('refuses each entry the limits refuse, naming its key, and keeps the rest', () => {
    const { accepted, errors } = checkHostContext({
      'has space': 'x',
      count: 3 as unknown as string,
      notes: 'n'.repeat(501),
      app_version: '4.2.0',
    });
    expect(accepted).toEqual({ app_version: '4.2.0' });
    expect(errors.map(({ name, key, code, message }) => ({ name, key, code, message }))).toEqual([
      {
        name: 'PageContextError',
        key: 'has space',
        code: 'invalid_key',
        message: 'context.has space: keys are 1-40 characters of A-Z, a-z, 0-9, _, . or -',
      },
      { name: 'PageContextError', key: 'count', code: 'not_a_string', message: 'context.count: must be a string' },
      { name: 'PageContextError', key: 'notes', code: 'too_long', message: 'context.notes: at most 500 characters' },
    ]);
  });

  it('keeps room for every key the form fills, the kind included, naming the option', () => {
    const host = Object.fromEntries(Array.from({ length: METADATA_MAX_ENTRIES }, (_, i) => [`k${i}`, 'v']));
    const { accepted, errors } = checkHostContext(host);
    // Seven page keys and `kind`: a host at the service's limit plus the user's kind was refused.
    expect(Object.keys(accepted)).toHaveLength(METADATA_MAX_ENTRIES - 8);
    expect(errors).toHaveLength(8);
    expect(errors[0]).toMatchObject({ key: `k${METADATA_MAX_ENTRIES - 8}`, code: 'too_many' });
    expect(errors[0]!.message).toMatch(/^context\.k12: left out, .*at most 20 entries.*keeps 8.*\bkind\b/);
    const sent = { ...collectPageContext({}, page), ...accepted, kind: 'bug' };
    expect(Object.keys(sent).length).toBeLessThanOrEqual(METADATA_MAX_ENTRIES);
  });

  it('lets a host key named like one of the form’s replace it without taking more room', () => {
    const host = Object.fromEntries(Array.from({ length: METADATA_MAX_ENTRIES - 8 }, (_, i) => [`k${i}`, 'v']));
    const { accepted, errors } = checkHostContext({ ...host, os: 'Kiosk OS', kind: 'host' });
    expect(errors).toEqual([]);
    expect(accepted).toMatchObject({ os: 'Kiosk OS', kind: 'host' });
  });
});
