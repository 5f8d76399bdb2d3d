import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ExecutionEventStream, NOT_LIVE_AFTER_MS } from "./event-stream";

/** The browser's EventSource as far as the stream uses it: the test opens and drops connections. */
class TestEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: TestEventSource | null = null;
  readyState = TestEventSource.CONNECTING;
  private readonly listeners = new Map<string, Array<() => void>>();
  constructor() {
    TestEventSource.last = this;
  }
  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close(): void {
    this.readyState = TestEventSource.CLOSED;
  }
  emit(type: "open" | "error"): void {
    this.readyState = type === "open" ? TestEventSource.OPEN : TestEventSource.CONNECTING;
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

function source(): TestEventSource {
  const last = TestEventSource.last;
  if (last === null) throw new Error("no EventSource was opened");
  return last;
}

const CONNECTED_AT = Date.parse("2026-05-01T10:00:00Z");

describe("ExecutionEventStream, not live since", () => {
  let stream: ExecutionEventStream;

  beforeEach(async () => {
    vi.useFakeTimers({ now: CONNECTED_AT });
    vi.stubGlobal("EventSource", TestEventSource);
    stream = new ExecutionEventStream("/bff/events");
    stream.connect();
    // The parser of events loads before the stream opens.
    await vi.waitFor(() => expect(TestEventSource.last).not.toBeNull());
  });
  afterEach(() => {
    stream.disconnect();
    TestEventSource.last = null;
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("is null while live and through a short drop", () => {
    source().emit("open");
    expect(stream.getState()).toBe("live");
    source().emit("error");
    expect(stream.getState()).toBe("reconnecting");
    vi.advanceTimersByTime(NOT_LIVE_AFTER_MS - 1);
    source().emit("open");
    vi.advanceTimersByTime(NOT_LIVE_AFTER_MS);
    expect(stream.getNotLiveSince()).toBeNull();
  });

  it("names the moment of the drop once it has lasted, tells listeners, and is null again when live", () => {
    source().emit("open");
    vi.advanceTimersByTime(60_000);
    const dropped = Date.now();
    source().emit("error");
    const heard = vi.fn();
    stream.subscribeState(heard);
    vi.advanceTimersByTime(NOT_LIVE_AFTER_MS - 1);
    expect(stream.getNotLiveSince()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(stream.getNotLiveSince()).toBe(dropped);
    expect(heard).toHaveBeenCalled();
    // Further failed attempts do not move the moment.
    source().emit("error");
    vi.advanceTimersByTime(30_000);
    expect(stream.getNotLiveSince()).toBe(dropped);
    source().emit("open");
    expect(stream.getNotLiveSince()).toBeNull();
  });

  it("counts a first connection that never opens as not live", () => {
    vi.advanceTimersByTime(NOT_LIVE_AFTER_MS);
    expect(stream.getState()).toBe("connecting");
    expect(stream.getNotLiveSince()).toBe(CONNECTED_AT);
  });

  it("is null once logged out", () => {
    vi.advanceTimersByTime(NOT_LIVE_AFTER_MS);
    stream.disconnect();
    expect(stream.getNotLiveSince()).toBeNull();
  });
});
