import { describe, expect, it } from 'vitest';
import { fill, MAIL_LANGUAGES, MAIL_STRINGS, mailLanguage } from './strings.ts';

/** Every string of a language, flattened by key path. */
function flatten(value: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string') out.set(`${prefix}${key}`, entry);
    else for (const [inner, text] of flatten(entry, `${prefix}${key}.`)) out.set(inner, text);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('mail strings', () => {
  const english = flatten(MAIL_STRINGS.en);

  it.each(MAIL_LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English string, translated, with the same placeholders',
    (language) => {
      const strings = flatten(MAIL_STRINGS[language]);
      expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of strings) {
        expect(text.trim(), key).not.toBe('');
        expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
      }
    },
  );

  it('picks the language by primary subtag, English for anything else', () => {
    expect(mailLanguage('de-AT')).toBe('de');
    expect(mailLanguage('AR')).toBe('ar');
    expect(mailLanguage('pt-BR')).toBe('en');
    expect(mailLanguage(undefined)).toBe('en');
  });

  it('fills placeholders once, leaving braces inside values alone', () => {
    expect(fill('{title}: now {status}', { title: 'Use {status} here', status: 'done' })).toBe(
      'Use {status} here: now done',
    );
  });
});
