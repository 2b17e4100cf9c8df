/**
 * What the matcher knows of one language, each in its own module (`lang/`) loaded on its own, so
 * a page downloads only its language's stemmer and words.
 */
export interface LanguageData {
  stem: (word: string) => string;
  /** The language's stop words. */
  stopWords: readonly string[];
  /**
   * Words people wrap a request in ("please add", "it would be nice", "bitte", "j'aimerais"): they
   * say nothing about which request it is, so they count as stop words too. Space-separated.
   */
  requestWords: string;
  /**
   * Words and phrases a team takes as the same (`export, download, save as`): one group a line,
   * comma-separated. A phrase matches its words in a row, in any form the stemmer gives one.
   */
  synonyms: readonly string[];
  /** Unaccented endings to write accented before stemming (`cion` → `ción`), as people type without accents. */
  accents?: Readonly<Record<string, string>>;
  /** Whether words join into compounds (German: `Dunkelmodus` is `dunkler Modus`). */
  compounds?: boolean;
  /**
   * Shortest word a typo of one letter, and of two, is forgiven in: long enough that the edits
   * do not make it another word. Default 5 and 7 letters; a script of denser words needs fewer.
   */
  typos?: readonly [one: number, two: number];
}
