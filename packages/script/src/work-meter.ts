import { setImmediate } from "node:timers/promises";
import { ScriptRuntimeError } from "./script-runtime-error";

// Units of work between two readings of the clock. A reading costs about as much as a cheap
// statement, and a statement that calls no function costs a few milliseconds at most even on
// the longest texts; a call on a long text, which may cost 30 ms, reads the clock at once.
const STRIDE = 64;

/**
 * The time a run spends working, as opposed to waiting for its host (a VARA read, an activated
 * object it waits for) or for the event loop. A run shares the engine's one thread with every
 * request: the meter ends it when its work passes the budget, and has it give the event loop a
 * turn after every `slice` milliseconds of work, so pings and other requests are answered while
 * a long script runs.
 */
export class WorkMeter {
  /** Work before the current stretch, in ms. */
  private spent = 0;
  /** Start of the current stretch of work (the end of the last wait). */
  private since: number;
  /** Start of the work since the event loop last had a turn. */
  private sliceStart: number;
  /** Units of work left until the next reading of the clock. */
  private countdown = 1;

  constructor(
    private readonly now: () => number,
    private readonly budget: number,
    private readonly slice: number,
  ) {
    this.since = now();
    this.sliceStart = this.since;
  }

  /**
   * Called before each unit of work (a statement, a function call); `costly` for one that may
   * take long (a function call on a long text). Throws past the budget; true when the run has
   * worked a whole slice and should `pause`.
   */
  check(costly = false): boolean {
    this.countdown -= 1;
    if (this.countdown > 0 && !costly) return false;
    this.countdown = STRIDE;
    const now = this.now();
    if (this.spent + now - this.since > this.budget) {
      throw new ScriptRuntimeError(`time limit of ${this.budget} ms of work exceeded, the script runs too long`);
    }
    return now - this.sliceStart >= this.slice;
  }

  /** Lets the event loop run what waits (timers, I/O, other requests) before the run goes on. */
  async pause(): Promise<void> {
    await this.waitFor(setImmediate());
    this.sliceStart = this.since;
  }

  /** Awaits `promise` with the meter stopped: waiting for the host is not work of the run. */
  async waitFor<T>(promise: Promise<T>): Promise<T> {
    this.spent += this.now() - this.since;
    try {
      return await promise;
    } finally {
      this.since = this.now();
    }
  }
}
