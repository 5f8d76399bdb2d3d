import { EventEmitter } from "node:events";
import type { ExecutionChanged } from "../domain/execution-changed";

type Listener = (event: ExecutionChanged) => void;

/**
 * In-process bus of execution changes, published after their transaction commits. Changes of this
 * node go to every subscriber; changes other nodes made (relayed by ClusterEvents) only to those
 * that watch the whole cluster, so that work follows each change on one node only.
 */
export class ExecutionEventBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    // One listener per open console connection.
    this.#emitter.setMaxListeners(0);
  }

  /** A change made on this node. */
  publish(event: ExecutionChanged): void {
    this.#emitter.emit("local", event);
    this.#emitter.emit("cluster", event);
  }

  /** A change another node made. */
  publishRemote(event: ExecutionChanged): void {
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
