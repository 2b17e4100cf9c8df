/**
 * Feedback as people send it through the widget, seeded: for the proxy's fuzzer (held
 * submissions are stored, none lost) and the bench (how many people a hold check catches). Plain
 * JavaScript, so the bench loads it in Node as it is.
 */
import fc from 'fast-check';

const WORDS = (
  'the export button times out on large workspaces when I open settings page after login ' +
  'search results miss older threads dark mode colours look washed out in reports invoice ' +
  'download fails with an error please add keyboard shortcuts for the board view thanks ' +
  'slow loading mobile app crashes sometimes would love a filter by tag and date calendar sync ' +
  'breaks every monday notifications arrive twice since the update'
).split(' ');
const LINKS = ['https://app.example.com/settings', 'https://app.example.com/reports/42', 'www.example.org/help'];

/** A sentence of 3-60 words, with no link (most), one or two. */
const text = fc
  .tuple(
    fc.array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 60 }),
    fc.oneof(
      { weight: 16, arbitrary: fc.constant(0) },
      { weight: 3, arbitrary: fc.constant(1) },
      { weight: 1, arbitrary: fc.constant(2) },
    ),
    fc.array(fc.constantFrom(...LINKS), { minLength: 2, maxLength: 2 }),
    fc.nat(),
  )
  .map(([words, links, urls, salt]) => {
    const sentence = [...words, ...urls.slice(0, links)];
    // Two people rarely write the very same words: a number keeps seeded texts apart.
    sentence.splice(salt % sentence.length, 0, String(salt % 10_000));
    return sentence.join(' ');
  });

/**
 * How a person fills the form: types it (about 3-8 characters a second, never under 2 s), pastes a
 * prepared text and sends it 0.4-4 s later, or has a password manager fill the hidden field.
 */
const manner = fc.oneof(
  { weight: 86, arbitrary: fc.constant('typed') },
  { weight: 12, arbitrary: fc.constant('pasted') },
  { weight: 2, arbitrary: fc.constant('autofilled') },
);

/**
 * One person's submission: `address` is theirs alone unless two share an office's address. Drawn
 * without fast-check's bias toward small and extreme values, which would put most people behind a
 * few addresses and make texts alike: people are spread, not edge cases.
 */
export const personSubmission = fc
  .noBias(
    fc.record({
      text,
      manner,
      charMs: fc.integer({ min: 120, max: 350 }),
      pasteMs: fc.integer({ min: 400, max: 4000 }),
      person: fc.nat({ max: 65_535 }),
    }),
  )
  .map(({ text: body, manner: how, charMs, pasteMs, person }) => ({
    text: body,
    manner: how,
    fillMs: how === 'pasted' ? pasteMs : Math.max(2000, body.length * charMs),
    honeypot: how === 'autofilled' ? 'someone@example.com' : '',
    address: `10.${person >> 8}.${person & 255}.1`,
  }));

/** What a bot sends: at once, the honeypot filled or not, the same pitch again, links, from one address. */
export const botSubmission = fc
  .record({
    pitch: fc.constantFrom('Cheap watches', 'Best SEO services', 'Crypto gains'),
    links: fc.integer({ min: 0, max: 6 }),
    fillMs: fc.integer({ min: 0, max: 800 }),
    honeypot: fc.constantFrom('', 'https://spam.example'),
  })
  .map(({ pitch, links, fillMs, honeypot }) => ({
    text: `${pitch} ${Array.from({ length: links }, (_, i) => `https://spam${i}.example`).join(' ')}`.trim(),
    manner: 'bot',
    fillMs,
    honeypot,
    address: '10.66.6.6',
  }));
