import { effect, type ReadonlySignal } from '@preact/signals-core';
import { holdHeight } from './hold-height.ts';

/** Where the view draws: the shadow root, and the container its tree renders into. */
export interface SkeletonPlace {
  readonly root: ShadowRoot;
  readonly container: HTMLElement;
}

export interface SkeletonSwap {
  /** Shows the skeleton, or hands its place (and height) to the view; `leaving` holds no height. */
  show(loading: boolean, leaving?: boolean): void;
  /** Follows `loading` from now on, once the view has rendered (`rendered` holds). Returns the stop. */
  follow(loading: ReadonlySignal<boolean>, rendered: () => boolean): () => void;
  /** The view is going: no skeleton and no held height stay behind. */
  leave(): void;
}

/**
 * The eager element's skeleton stays while the data loads (and comes back for another
 * workspace), so code arriving before the data changes nothing on screen; the view then keeps the
 * skeleton's height while it fills in (hold-height.ts).
 */
export function skeletonSwap(place: SkeletonPlace, createSkeleton: () => Element): SkeletonSwap {
  let stopHold = () => {};
  const show = (loading: boolean, leaving = false) => {
    const skeleton = place.root.querySelector('.hk-shell');
    if (loading) {
      stopHold();
      if (!skeleton) place.container.before(createSkeleton());
    } else if (skeleton) {
      stopHold();
      if (!leaving) stopHold = holdHeight(place.container, skeleton.getBoundingClientRect().height);
      skeleton.remove();
    }
  };
  return {
    show,
    follow: (loading: ReadonlySignal<boolean>, rendered: () => boolean) =>
      effect(() => {
        const now = loading.value;
        if (rendered()) show(now);
      }),
    leave() {
      stopHold();
      show(false, true);
    },
  };
}
