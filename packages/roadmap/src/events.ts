import type { HearkenErrorDetail } from '@hearken/ui';

/** Details of the events `<hearken-roadmap>` dispatches (all bubble and are composed). */
export interface RoadmapEventMap {
  /** Data arrived (first load and every refresh). */
  'hearken:load': { workspaceId: string; projects: number; issues: number; changelog: boolean };
  /** A load or an upvote failed. `source` says which. */
  'hearken:error': HearkenErrorDetail & { source: 'load' | 'upvote' };
  /**
   * The number of published changelog entries this reader has not seen changed (it starts at 0):
   * entries arrived, or the reader read them here, in another widget of the page or in another tab.
   */
  'hearken:unread': { count: number };
  /** An upvote was recorded. */
  'hearken:upvote': { kind: 'issue' | 'project'; id: string; upvotes: number; threadId: string };
}
