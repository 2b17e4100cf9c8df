import { DEMO_ISSUES, HIDDEN_ISSUES } from '../../packages/server/src/seed/issues.ts';
import { createRandom } from '../../packages/server/src/seed/prng.ts';

/** An issue as the matcher reads it, named by `key` so a ranking can be checked against labels. */
export interface KeyedIssue {
  key: string;
  title: string;
  summary: string[];
  description: string | null;
}

export type ListLanguage = 'en' | 'de' | 'fr';

/**
 * The demo workspace's issues as its portal lists them in `language`: the hidden ones left out,
 * and the Canceled ones (the feedback form never offers them),
 * title and description translated (the portal translates those two), the summary as written.
 */
export function demoIssues(language: ListLanguage): KeyedIssue[] {
  return DEMO_ISSUES.filter((issue) => !HIDDEN_ISSUES.has(issue.key) && issue.status !== 'Canceled').map((issue) => {
    const [title, description] = language === 'en' ? [issue.title, issue.description] : issue[language];
    return { key: issue.key, title, summary: [...issue.summary], description };
  });
}

const ACTIONS = ['Improve', 'Add', 'Fix', 'Allow changing', 'Show', 'Hide', 'Speed up', 'Customise', 'Rename', 'Group'];
const OBJECTS = [
  'sidebar icons',
  'note colours',
  'folder covers',
  'the emoji picker',
  'the sync status badge',
  'print margins',
  'the onboarding tour',
  'link previews',
  'image captions',
  'notebook stacks',
  'the spell checker',
  'the quick switcher',
  'the import log',
  'the audit log',
  'the billing page',
  'team invitations',
  'workspace names',
  'profile pictures',
  'attachment thumbnails',
  'the settings page',
  'notification sounds',
  'the browser tab title',
  'the word suggestions',
  'table borders',
  'heading styles',
];
const PLACES = [
  'on Windows',
  'for admins',
  'in the web app',
  'on tablets',
  'for shared notebooks',
  'on Linux',
  'for guests',
  'in search results',
  'on the lock screen',
  'in the mobile app',
];
const SUMMARIES = [
  'Asked for by several teams',
  'Came up in the last user interviews',
  'A common complaint in support tickets',
  'Blocks a larger customer from upgrading',
  'Small change, often requested',
  'Needs a design review first',
];
const DESCRIPTIONS = [
  'Users find the current behaviour confusing and write to support about it.',
  'This would save a few clicks for people who do it every day.',
  'Competitors offer it and prospects mention it during trials.',
  'The current version works but looks dated next to the rest of the app.',
  'Admins of larger workspaces want more control over it.',
];

/**
 * `count` issues of a large workspace: the demo issues in `language`, spread evenly among issues
 * combined from fixed word lists (in English, as a product's tracker usually is), the same on
 * every call. Many share words with the demo issues (notes, notebooks, sync, import), so a matcher
 * has to tell them apart.
 */
export function generatedIssues(language: ListLanguage, count = 1000): KeyedIssue[] {
  const random = createRandom(21);
  const demo = demoIssues(language);
  const every = Math.floor(count / demo.length);
  const issues: KeyedIssue[] = [];
  for (let i = 0; issues.length < count; i++) {
    const slot = i / every;
    if (Number.isInteger(slot) && slot < demo.length) {
      issues.push(demo[slot]!);
      continue;
    }
    issues.push({
      key: `generated-${i}`,
      title: `${random.pick(ACTIONS)} ${random.pick(OBJECTS)} ${random.pick(PLACES)}`,
      summary: random.chance(0.6) ? [random.pick(SUMMARIES)] : [],
      description: random.chance(0.7) ? random.pick(DESCRIPTIONS) : null,
    });
  }
  return issues;
}
