import type { Logger } from "pino";
import type { Clock } from "./clock";

/** Longest sleep between two looks at waiting work, so nothing waits on a lost wake-up. */
const MAX_SLEEP_MS = 5_000;
/**
 * Ends of executions wake a round at most this long after the first of them: under load hundreds
 * end per second, and one round for all of them frees their queue slots as well as one per end.
 */
const END_COALESCE_MS = 5;

/**
 * Runs rounds of due work (`wake`) when something falls due: the next due time comes from the
 * database on every round, and the ends of executions in the cluster (a queue slot freed, a
 * callback queued) wake it within END_COALESCE_MS. Rounds never overlap.
 */
export class Scheduler {
  #timer: NodeJS.Timeout | undefined;
  #endsTimer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  #started = false;

  constructor(
    private readonly deps: {
      clock: Clock;
      logger: Logger;
      /** One round of work: start what is due, deliver what is due. */
      wake: () => Promise<void>;
      /** The earliest time something will be due, from the database. */
      nextDue: () => Promise<number | undefined>;
    },
  ) {}

  /** Whether it schedules: started and not stopped. */
  get running(): boolean {
    return this.#started && !this.#stopped;
  }

  /** Starts the rounds (on a node with the scheduling role). */
  start(): void {
    if (this.running) return;
    this.#started = true;
    this.#stopped = false;
    this.poke();
  }

  /** Runs a round now (or right after the one under way); only between start and stop. */
  poke(): void {
    if (!this.running) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#rounds().finally(() => {
      this.#running = undefined;
      if (this.#again) this.poke();
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#endsTimer);
    await this.#running;
  }

  /** An execution ended somewhere in the cluster: a queue slot is free, a callback queued. */
  afterEnd(): void {
    if (!this.running || this.#endsTimer !== undefined) return;
    this.#endsTimer = setTimeout(() => {
      this.#endsTimer = undefined;
      this.poke();
    }, END_COALESCE_MS);
  }

  async #rounds(): Promise<void> {
    do {
      this.#again = false;
      try {
        await this.deps.wake();
      } catch (error) {
        this.deps.logger.error({ err: error }, "scheduler round failed");
      }
    } while (this.#again && !this.#stopped);
    await this.#sleep();
  }

  async #sleep(): Promise<void> {
    if (this.#stopped) return;
    const due = await this.deps.nextDue().catch(() => undefined);
    const delay = due === undefined ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, due - this.deps.clock.now()));
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.poke(), delay);
    this.#timer.unref();
  }
}
