/**
 * The room a fixed feedback launcher covers at the viewport's bottom, so a roadmap at the page's
 * end keeps that much below its last cards and their vote buttons scroll clear of it. Asked on
 * `globalThis`: each widget may carry its own copy of this module (installed or loaded apart).
 */

const ASK = 'hearken:launcher-room';
const MOVED = 'hearken:launcher-moved';

/** The most any launcher of the page covers at the viewport's bottom, in CSS pixels (0: none). */
export function launcherRoom(): number {
  if (typeof dispatchEvent !== 'function') return 0;
  const detail = { room: 0 };
  globalThis.dispatchEvent(new CustomEvent(ASK, { detail }));
  return detail.room;
}

/** A launcher's side of {@link launcherRoom}. */
export interface LauncherRoomAnswer {
  /** Tells the page the launcher appeared, moved or went, so widgets ask again. */
  moved(): void;
  /** Stops answering, and tells the page. */
  stop(): void;
}

/** Answers {@link launcherRoom} with `room()` (0 where it covers nothing at the bottom), telling the page at once. */
export function answerLauncherRoom(room: () => number): LauncherRoomAnswer {
  if (typeof addEventListener !== 'function') return { moved() {}, stop() {} };
  const onAsk = (event: Event) => {
    const detail = (event as CustomEvent<{ room: number }>).detail;
    detail.room = Math.max(detail.room, room());
  };
  const moved = () => void globalThis.dispatchEvent(new Event(MOVED));
  globalThis.addEventListener(ASK, onAsk);
  moved();
  return {
    moved,
    stop() {
      globalThis.removeEventListener(ASK, onAsk);
      moved();
    },
  };
}

/** Calls `listener` whenever a launcher of the page appears, moves or goes. Returns a function that stops. */
export function onLauncherMoved(listener: () => void): () => void {
  if (typeof addEventListener !== 'function') return () => {};
  globalThis.addEventListener(MOVED, listener);
  return () => globalThis.removeEventListener(MOVED, listener);
}
