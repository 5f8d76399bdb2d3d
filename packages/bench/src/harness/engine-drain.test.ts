import { describe, expect, it } from "vitest";
import { drainThroughApi, endedOkTotal, statementCounter, withDrainEngine } from "./engine-drain";

const SCRIPT = "DRAIN.TEST";

describe("drainThroughApi on a real engine (SQLite)", () => {
  it("returns only once every execution it started ended OK, and the store's query log counted their statements", async () => {
    const counter = statementCounter();
    await withDrainEngine(
      {},
      SCRIPT,
      async (api) => {
        const { result: perSecond, statements } = await counter.during(() => drainThroughApi([api, api], SCRIPT, 40));
        expect(await endedOkTotal(api, SCRIPT)).toBe(40);
        expect(perSecond).toBeGreaterThan(0);
        // Batched writes may serve many executions with one statement: only that some were seen holds.
        expect(statements).toBeGreaterThan(0);
      },
      { onQuery: counter.onQuery },
    );
  }, 60_000);

  it("waits for its own executions on top of those that had ended before it", async () => {
    await withDrainEngine({}, SCRIPT, async (api) => {
      await drainThroughApi([api], SCRIPT, 5);
      await drainThroughApi([api], SCRIPT, 7);
      expect(await endedOkTotal(api, SCRIPT)).toBe(12);
    });
  }, 60_000);
});
