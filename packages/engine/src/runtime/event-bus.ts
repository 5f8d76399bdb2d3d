import { EventEmitter } from "node:events";
import type { ExecutionEvent } from "@baton/contract";

type Listener = (event: ExecutionEvent) => void;

/** In-process bus of execution status events, published after their transaction commits. */
export class ExecutionEventBus {
  readonly #emitter = new EventEmitter();

  constructor() {
    // One listener per open console connection.
    this.#emitter.setMaxListeners(0);
  }

  publish(event: ExecutionEvent): void {
    this.#emitter.emit("execution", event);
  }

  /** Subscribes and returns the function that unsubscribes. */
  subscribe(listener: Listener): () => void {
    this.#emitter.on("execution", listener);
    return () => this.#emitter.off("execution", listener);
  }
}
