import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HiddenBatcher } from "./hidden-batcher";

interface Item {
  run: number;
  seq: number;
}

describe("HiddenBatcher", () => {
  let hidden = false;
  let delivered: Item[] = [];
  const batcher = () =>
    new HiddenBatcher<Item>({
      deliver: (item) => delivered.push(item),
      keyOf: (item) => String(item.run),
      supersedes: (a, b) => a.seq > b.seq,
      isHidden: () => hidden,
      delayMs: 5000,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    hidden = false;
    delivered = [];
  });
  afterEach(() => vi.useRealTimers());

  it("passes items straight on while the page is visible", () => {
    const b = batcher();
    b.push({ run: 1, seq: 1 });
    b.push({ run: 1, seq: 2 });
    expect(delivered).toEqual([
      { run: 1, seq: 1 },
      { run: 1, seq: 2 },
    ]);
  });

  it("holds items while hidden and hands on the latest per key after the delay", () => {
    hidden = true;
    const b = batcher();
    b.push({ run: 1, seq: 1 });
    b.push({ run: 2, seq: 2 });
    b.push({ run: 1, seq: 3 });
    b.push({ run: 1, seq: 2 }); // older than what is held
    vi.advanceTimersByTime(4999);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual([
      { run: 1, seq: 3 },
      { run: 2, seq: 2 },
    ]);
  });

  it("hands on what is held before the first item after the page shows again", () => {
    hidden = true;
    const b = batcher();
    b.push({ run: 1, seq: 1 });
    hidden = false;
    b.push({ run: 2, seq: 2 });
    expect(delivered.map((item) => item.seq)).toEqual([1, 2]);
    vi.advanceTimersByTime(10_000);
    expect(delivered).toHaveLength(2);
  });

  it("drops what is held on clear", () => {
    hidden = true;
    const b = batcher();
    b.push({ run: 1, seq: 1 });
    b.clear();
    vi.advanceTimersByTime(10_000);
    expect(delivered).toEqual([]);
  });
});
