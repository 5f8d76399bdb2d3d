import type { Execution } from "../domain/execution";
import type { Clock } from "../runtime/clock";
import { liveNodes } from "../store/cluster-store";
import type { Store } from "../store/connect";
import { adoptExecutions, orphanOwners } from "../store/execution-owners-store";

export interface TakeoverDeps {
  store: Store;
  clock: Clock;
  nodeId: string;
  /** A node is alive while its last life sign is younger than this. */
  aliveWithinMs: number;
  /** Recovers executions this node took over (ExecutionService.recover and the like). */
  recover(executions: readonly Execution[]): Promise<void>;
}

/**
 * Executions whose node died are taken over: made this node's in one statement (so no two nodes
 * take the same), then recovered as after a restart. At start a node takes those of no live node
 * (its own earlier run's included); while leading, the scheduler leader takes those of nodes that
 * stopped beating.
 */
export class Takeover {
  constructor(private readonly deps: TakeoverDeps) {}

  /** At start: everything unfinished that no live node owns, and what has no owner recorded. */
  async atStart(): Promise<number> {
    return this.#take(false, true);
  }

  /** While leading the scheduler: the executions of nodes that stopped beating. */
  async whileLeading(): Promise<number> {
    return this.#take(true, false);
  }

  async #take(selfAlive: boolean, unowned: boolean): Promise<number> {
    const { store, clock, nodeId, aliveWithinMs } = this.deps;
    // One SQLite file has one node: at start, whatever an earlier process left is this node's.
    const others = store.dialect === "sqlite" && !selfAlive ? [] : await liveNodes(store.db, clock.now() - aliveWithinMs);
    const live = others.map((node) => node.id).filter((id) => selfAlive || id !== nodeId);
    const orphans = (await orphanOwners(store.db, live)).filter((node) => unowned || node !== null);
    const adopted = await adoptExecutions(store.db, orphans, nodeId);
    if (adopted.length > 0) await this.deps.recover(adopted);
    return adopted.length;
  }
}
