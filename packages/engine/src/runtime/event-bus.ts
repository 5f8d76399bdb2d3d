import { EventEmitter } from "node:events";
import type { ExecutionEvent } from "@baton/contract";

type Listener = (event: ExecutionEvent) => void;

/**
 * In-process bus of execution status events, published after their transaction commits. Events of
 * this node go to every subscriber; events other nodes made (relayed by ClusterEvents) only to
 * those that watch the whole cluster, so that work follows each change on one node only.
 */
export class ExecutionEventBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    // One listener per open console connection.
    this.#emitter.setMaxListeners(0);
  }

  /** A change made on this node. */
  publish(event: ExecutionEvent): void {
    this.#emitter.emit("local", event);
    this.#emitter.emit("cluster", event);
  }

  /** A change another node made. */
  publishRemote(event: ExecutionEvent): void {
    this.#emitter.emit("cluster", event);
  }

  /** Changes made on this node; returns the function that unsubscribes. */
  subscribe(listener: Listener): () => void {
    this.#emitter.on("local", listener);
    return () => this.#emitter.off("local", listener);
  }

  /** Changes made on any node (for watchers: consoles, waits, the scheduler's wake-ups). */
  subscribeCluster(listener: Listener): () => void {
    this.#emitter.on("cluster", listener);
    return () => this.#emitter.off("cluster", listener);
  }
}
