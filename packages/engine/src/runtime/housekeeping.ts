import type { Logger } from "pino";
import type { Store } from "../store/connect";
import { pruneEvents } from "../store/events-store";
import type { Clock } from "./clock";

/** How long status events are kept for reconnecting consoles. */
export const EVENT_RETENTION_MS = 7 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;
const PRUNE_BATCH = 5000;

/** Periodic cleanup: status events older than the retention are deleted in batches. */
export class Housekeeping {
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: { store: Store; clock: Clock; logger: Logger }) {}

  start(): void {
    this.#timer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /** Deletes old status events batch by batch; returns how many. */
  async prune(): Promise<number> {
    const before = this.deps.clock.now() - EVENT_RETENTION_MS;
    let total = 0;
    try {
      for (;;) {
        const deleted = await pruneEvents(this.deps.store.db, before, PRUNE_BATCH);
        total += deleted;
        if (deleted < PRUNE_BATCH) break;
      }
    } catch (error) {
      this.deps.logger.error({ err: error }, "pruning status events failed");
    }
    if (total > 0) this.deps.logger.info({ deleted: total }, "pruned old status events");
    return total;
  }
}
