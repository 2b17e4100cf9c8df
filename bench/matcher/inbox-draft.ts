/** The lists a draft of the inbox set is sent against: the demo's notes app, or Tasklane's tasks. */
export type InboxList = 'notes' | 'tasks';

/** One draft as written: the list it is sent against, its text, then the issues it is about. */
export type InboxDraft = readonly [list: InboxList, text: string, ...expected: string[]];
