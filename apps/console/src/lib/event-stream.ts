import { useSyncExternalStore } from "react";
import { ErrorCode, type ExecutionEvent } from "@baton/contract";
import { loadSchema, type Parser } from "./api-client";
import { HiddenBatcher } from "./hidden-batcher";

/**
 * - `idle`: not connected (logged out).
 * - `connecting`: first connection attempt.
 * - `live`: connected, events arrive.
 * - `reconnecting`: the connection dropped; the browser (or we) try again.
 */
export type StreamState = "idle" | "connecting" | "live" | "reconnecting";

type Listener<T> = (value: T) => void;

const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/** How long live updates may be off before the console says that it is not live (a short blip is not worth a banner). */
export const NOT_LIVE_AFTER_MS = 5_000;
/** How often events reach the cache while the tab is hidden (see HiddenBatcher). */
const HIDDEN_BATCH_MS = 5_000;

function pageHidden(): boolean {
  return typeof document !== "undefined" && document.visibilityState === "hidden";
}

/**
 * The console's one connection to `GET /bff/events`. The browser's EventSource retries dropped
 * connections itself (sending Last-Event-ID, the server replays what was missed); when the server
 * refuses the stream outright (e.g. 401, 5xx) EventSource gives up, so we open a new one with backoff.
 */
export class ExecutionEventStream {
  private source: EventSource | null = null;
  private state: StreamState = "idle";
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay = RETRY_MIN_MS;
  /** When the stream stopped being live; null while live or logged out. */
  private downSince: number | null = null;
  private notLiveSince: number | null = null;
  private notLiveTimer: ReturnType<typeof setTimeout> | null = null;
  /** Whether the server refused the stream because the session holds as many streams as it may. */
  private sessionFull = false;
  private parser: Parser<ExecutionEvent> | null = null;
  private parserLoading = false;
  private readonly stateListeners = new Set<() => void>();
  private readonly eventListeners = new Set<Listener<ExecutionEvent>>();
  private readonly openListeners = new Set<Listener<void>>();
  private readonly refusedListeners = new Set<Listener<void>>();
  private readonly batcher = new HiddenBatcher<ExecutionEvent>({
    deliver: (event) => {
      for (const listener of this.eventListeners) listener(event);
    },
    keyOf: (event) => `${event.client}:${event.execution.run_id}`,
    supersedes: (a, b) => a.seq > b.seq,
    isHidden: pageHidden,
    delayMs: HIDDEN_BATCH_MS,
  });
  private readonly onVisibilityChange = () => {
    if (!pageHidden()) this.batcher.flush();
  };

  constructor(private readonly url: string) {}

  connect(): void {
    if (this.source !== null || this.retryTimer !== null) return;
    if (typeof document !== "undefined") document.addEventListener("visibilitychange", this.onVisibilityChange);
    this.setState("connecting");
    this.open();
  }

  disconnect(): void {
    if (typeof document !== "undefined") document.removeEventListener("visibilitychange", this.onVisibilityChange);
    this.batcher.clear();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
    this.retryDelay = RETRY_MIN_MS;
    this.setState("idle");
  }

  readonly getState = (): StreamState => this.state;

  /**
   * When live updates stopped, once they have been off for NOT_LIVE_AFTER_MS (the first
   * connection counts as off until it opens); null while live, logged out, or briefly interrupted.
   * Listeners of subscribeState hear when it changes.
   */
  readonly getNotLiveSince = (): number | null => this.notLiveSince;

  /**
   * Whether the last refusal was the session holding as many event streams as it may (its other
   * tabs hold them); false again once the stream opens. Listeners of subscribeState hear when it changes.
   */
  readonly getSessionFull = (): boolean => this.sessionFull;

  readonly subscribeState = (listener: () => void): (() => void) => {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  };

  /**
   * Every `execution` event that follows the contract. While the tab is hidden they arrive
   * every few seconds, only the latest of each run.
   */
  onEvent(listener: Listener<ExecutionEvent>): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /**
   * Each time the stream (re)opens. Events may have been missed before (between a page's fetch
   * and the first open, or across a refused connection), so listeners resync their data.
   */
  onOpen(listener: Listener<void>): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  /** When the server refused the stream (not a network drop): the session may have ended. */
  onRefused(listener: Listener<void>): () => void {
    this.refusedListeners.add(listener);
    return () => this.refusedListeners.delete(listener);
  }

  private open(): void {
    const parser = this.parser;
    if (parser === null) {
      this.loadParser();
      return;
    }
    const source = new EventSource(this.url);
    this.source = source;
    source.addEventListener("open", () => {
      if (this.source !== source) return;
      this.retryDelay = RETRY_MIN_MS;
      this.setSessionFull(false);
      this.setState("live");
      // Held events are older than what the resync reads: apply them first.
      this.batcher.flush();
      for (const listener of this.openListeners) listener();
    });
    source.addEventListener("execution", (message) => this.dispatch(message, parser));
    source.addEventListener("error", () => {
      if (this.source !== source) return;
      if (source.readyState === EventSource.CLOSED) {
        this.source = null;
        this.setState("reconnecting");
        for (const listener of this.refusedListeners) listener();
        void this.askWhyRefused();
        this.scheduleRetry();
      } else {
        this.setState("reconnecting");
      }
    });
  }

  /**
   * Loads the contract's schema of an event (beside the first page, not with it), then opens the
   * stream; a failed load is retried as a refused stream is.
   */
  private loadParser(): void {
    if (this.parserLoading) return;
    this.parserLoading = true;
    void loadSchema("ExecutionEvent").then(
      (parser) => {
        this.parserLoading = false;
        this.parser = parser;
        if (this.state !== "idle" && this.source === null && this.retryTimer === null) this.open();
      },
      (error: unknown) => {
        this.parserLoading = false;
        console.warn("Could not load the parser of execution events", error);
        if (this.state === "idle" || this.retryTimer !== null) return;
        this.setState("reconnecting");
        this.scheduleRetry();
      },
    );
  }

  /**
   * EventSource does not say why the server refused: asks once more with fetch, which reads the
   * answer (and lets go of a stream it opens at once).
   */
  private async askWhyRefused(): Promise<void> {
    const controller = new AbortController();
    let full = false;
    try {
      const answer = await fetch(this.url, { signal: controller.signal });
      if (answer.status === 429) {
        const body: unknown = await answer.json();
        full = typeof body === "object" && body !== null && "code" in body && body.code === ErrorCode.TOO_MANY_EVENT_STREAMS;
      }
    } catch {
      // Unreachable or not JSON: not a full session.
    } finally {
      controller.abort();
    }
    this.setSessionFull(full);
  }

  private setSessionFull(full: boolean): void {
    if (this.sessionFull === full) return;
    this.sessionFull = full;
    this.notifyState();
  }

  private scheduleRetry(): void {
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.state !== "idle") this.open();
    }, delay);
  }

  private dispatch(message: MessageEvent, parser: Parser<ExecutionEvent>): void {
    const data: unknown = message.data;
    if (typeof data !== "string") return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      console.warn("Ignored an execution event that is not JSON", data);
      return;
    }
    const parsed = parser.safeParse(json);
    if (!parsed.success) {
      console.warn("Ignored an execution event that does not follow the contract", parsed.error.issues);
      return;
    }
    this.batcher.push(parsed.data);
  }

  private setState(state: StreamState): void {
    if (this.state === state) return;
    this.state = state;
    if (state === "live" || state === "idle") {
      if (this.notLiveTimer !== null) clearTimeout(this.notLiveTimer);
      this.notLiveTimer = null;
      this.downSince = null;
      this.notLiveSince = null;
    } else if (this.downSince === null) {
      const since = Date.now();
      this.downSince = since;
      this.notLiveTimer = setTimeout(() => {
        this.notLiveTimer = null;
        this.notLiveSince = since;
        this.notifyState();
      }, NOT_LIVE_AFTER_MS);
    }
    this.notifyState();
  }

  private notifyState(): void {
    for (const listener of this.stateListeners) listener();
  }
}

/** The single stream of the app. */
export const executionEventStream = new ExecutionEventStream("/bff/events");

export function useEventStreamState(stream: ExecutionEventStream = executionEventStream): StreamState {
  return useSyncExternalStore(stream.subscribeState, stream.getState);
}

/** Whether live updates are off because the session's other tabs hold its event streams (see getSessionFull). */
export function useSessionFull(stream: ExecutionEventStream = executionEventStream): boolean {
  return useSyncExternalStore(stream.subscribeState, stream.getSessionFull);
}

/** Since when the console has not been live (see getNotLiveSince); null while it is. */
export function useNotLiveSince(stream: ExecutionEventStream = executionEventStream): number | null {
  return useSyncExternalStore(stream.subscribeState, stream.getNotLiveSince);
}
