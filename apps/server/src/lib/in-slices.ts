// Resolve on the next turn of the event loop (after the I/O waiting now), or after a rest.
import { setImmediate as nextTurn, setTimeout as rest } from 'node:timers/promises';

export interface Slicing {
  /** The longest a slice runs before the event loop gets a turn. */
  sliceMs: number;
  /**
   * A pause after each slice, so the work takes at most sliceMs / (sliceMs + restMs) of a core while it lasts; 0 for
   * just a turn. The work each slice sets off elsewhere (a ping's pong, in this and the peer's process) then lands in
   * the pause instead of crowding the next slices.
   */
  restMs?: number;
}

/**
 * Runs `each` over the items in turn, giving the event loop a turn (and a rest, if asked) whenever a slice has run for
 * `sliceMs`: work over every socket must not hold back the messages arriving meanwhile (1,000 pings in one turn held
 * them ~40 ms).
 */
export async function inSlices<T>(items: readonly T[], { sliceMs, restMs = 0 }: Slicing, each: (item: T) => void) {
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    if (i && performance.now() - sliceStart >= sliceMs) {
      await (restMs ? rest(restMs) : nextTurn());
      sliceStart = performance.now();
    }
    each(items[i]);
  }
}
