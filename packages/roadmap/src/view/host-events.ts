import { emit } from '@hearken/ui/dom';
import { effect, type ReadonlySignal } from '@preact/signals-core';
import type { RoadmapEventMap } from '../events.ts';
import type { RoadmapData, RoadmapError } from '../model/load.ts';
import type { UpvoteTarget } from '../model/upvote-client.ts';

/** Tells `host` of a failed load or vote (`hearken:error`). */
export function emitError(host: EventTarget, { kind: _, ...error }: RoadmapError, source: 'load' | 'upvote'): void {
  emit<RoadmapEventMap['hearken:error']>(host, 'hearken:error', { ...error, source });
}

/** The model's callbacks, as the events `host` dispatches. */
export function hostEvents(host: EventTarget) {
  return {
    onLoad(data: RoadmapData) {
      emit<RoadmapEventMap['hearken:load']>(host, 'hearken:load', {
        workspaceId: data.workspaceId,
        projects: data.projects.length,
        issues: data.issues.length,
        changelog: Boolean(data.workspace.changelogPublic && data.changelog),
      });
    },
    onError: (error: RoadmapError, source: 'load' | 'upvote') => emitError(host, error, source),
    onUpvote(target: UpvoteTarget, upvotes: number, threadId: string) {
      emit<RoadmapEventMap['hearken:upvote']>(host, 'hearken:upvote', {
        kind: target.kind,
        id: target.id,
        upvotes,
        threadId,
      });
    },
  };
}

/** Dispatches `hearken:unread` on `host` whenever `unread` changes (from 0, not announced). Returns the stop. */
export function announceUnread(host: EventTarget, unread: ReadonlySignal<number>): () => void {
  let announced = 0;
  return effect(() => {
    const count = unread.value;
    if (count === announced) return;
    announced = count;
    emit<RoadmapEventMap['hearken:unread']>(host, 'hearken:unread', { count });
  });
}
