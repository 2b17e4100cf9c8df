/**
 * Compound words (German `Dunkelmodus`, `Zeiterfassung`): the parts of an index's long words, so a
 * draft saying `dunkler Modus` finds `Dunkelmodus`, and the parts of a draft's long words that the
 * index holds, so `Dunkelmodus` finds `dunkles Design`. Parts are compared by a key without the
 * endings and linking letters that differ between a compound and the words standing alone.
 */

/** Shortest part worth a match, and shortest word worth splitting. */
const MIN_PART = 4;
const MIN_COMPOUND = 2 * MIN_PART;
const MIN_SHARED_PART = 5;

/** `dunkel`, `dunkl`, `dunkles` → `dunkl`; `versions` → `version`; `aufgaben` → `aufgab`. */
export const partKey = (part: string): string => part.replace(/(?:en|es|n|s|e)$/, '').replace(/e([lnr])$/, '$1');

/** Each way to cut `term` in two, both parts long enough. */
function* cuts(term: string): Generator<readonly [head: string, tail: string]> {
  if (term.length < MIN_COMPOUND || term.startsWith('~')) return;
  for (let i = MIN_PART; i <= term.length - MIN_PART; i++) yield [term.slice(0, i), term.slice(i)];
}

export interface Compounds {
  /** The index's terms a draft's `terms` reach as parts or holders of parts, each with its credit. */
  reach(terms: Iterable<string>): Map<string, number>;
}

/** Half of a compound is matched by one of its parts; both parts make all of it. */
const PART_CREDIT = 0.5;

export function compoundsOf(vocabulary: Iterable<string>): Compounds {
  // Part key → the index's long words with such a part; key → the index's words with that key.
  const holders = new Map<string, Set<string>>();
  const byKey = new Map<string, Set<string>>();
  const note = (map: Map<string, Set<string>>, key: string, term: string) => {
    const set = map.get(key);
    if (set) set.add(term);
    else map.set(key, new Set([term]));
  };
  for (const term of vocabulary) {
    if (term.startsWith('~')) continue;
    note(byKey, partKey(term), term);
    for (const [head, tail] of cuts(term)) {
      note(holders, partKey(head), term);
      note(holders, partKey(tail), term);
    }
  }
  return {
    reach(terms) {
      const reached = new Map<string, number>();
      const credit = (term: string, value: number) => reached.set(term, Math.min(1, (reached.get(term) ?? 0) + value));
      for (const term of terms) {
        if (term.length >= MIN_PART) for (const held of holders.get(partKey(term)) ?? []) credit(held, PART_CREDIT);
        for (const [head, tail] of cuts(term)) {
          for (const part of [head, tail]) {
            const key = partKey(part);
            for (const known of byKey.get(key) ?? []) credit(known, 1);
            // Two compounds sharing a part (`Sprachnotizen`, `Sprachmemos`): a long part only.
            if (key.length >= MIN_SHARED_PART) for (const held of holders.get(key) ?? []) credit(held, PART_CREDIT);
          }
        }
      }
      return reached;
    },
  };
}
