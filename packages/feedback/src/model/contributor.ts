import type { ThreadMetadata } from '@hearken/core';
import type { Attachment } from './submission.ts';

/** A part that adds to each submission: entries of the thread's `metadata`, files to attach. */
export interface SubmissionContributor {
  /** What it adds to the thread's `metadata` now (`{}` for nothing). */
  metadata(): ThreadMetadata;
  /** The files it attaches now (none for nothing). */
  attachments(): readonly Attachment[];
  /**
   * Settles once what it adds is ready (an image still being prepared); rejects when that failed,
   * so the submission is refused rather than sent without it.
   */
  ready?(): Promise<void>;
  /** Hears that the submission it contributed to is queued, with what it gave. */
  queued?(attachments: readonly Attachment[]): void;
}

/** What the contributors add to one submission, in their order (a later one's key wins). */
export function contributions(contributors: readonly SubmissionContributor[]): {
  metadata: ThreadMetadata;
  attachments: Attachment[];
} {
  return {
    metadata: Object.assign({}, ...contributors.map((contributor) => contributor.metadata())),
    attachments: contributors.flatMap((contributor) => contributor.attachments()),
  };
}
