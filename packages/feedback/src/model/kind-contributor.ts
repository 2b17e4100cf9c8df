import { computed, type ReadonlySignal } from '@preact/signals-core';
import type { SubmissionContributor } from './contributor.ts';

/** The kind of feedback as a contributor to a submission: the thread's metadata `kind`. */
export interface KindContributor extends SubmissionContributor {
  /** The kinds the user picks from (the `kind` option); none offers no choice. */
  readonly offered: ReadonlySignal<readonly string[]>;
}

/** Adds the picked kind (`picked`) while it is one of those `offered`; nothing otherwise. */
export function createKindContributor(
  offered: ReadonlySignal<readonly string[]>,
  picked: ReadonlySignal<string>,
): KindContributor {
  // A draft kept from a page offering other kinds must not send one the user cannot see.
  const current = computed(() => (offered.value.includes(picked.value) ? picked.value : ''));
  return {
    offered,
    metadata: () => (current.value ? { kind: current.value } : {}),
    attachments: () => [],
  };
}
