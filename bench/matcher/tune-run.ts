import { chosenMatcher } from './compare.ts';
import { type InboxQuality, measureInbox } from './quality.ts';

/** The chosen matcher's quality on the tuning half, for `tune.mjs`. */
export async function tuningQuality(): Promise<InboxQuality> {
  return measureInbox(await chosenMatcher(), 'tuning');
}
