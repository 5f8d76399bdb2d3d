import { describe, expect, it } from "vitest";
import { Outbox } from "./outbox";

describe("Outbox", () => {
  const ended = (runId: number) => ({ type: "ended" as const, result: { run_id: runId, exit_code: 0, signal: null, ended_by: "exit" as const } });

  it("numbers reports and keeps those not acknowledged, oldest first", () => {
    const outbox = new Outbox();
    expect(outbox.add({ type: "output", run_id: 1, text: "a" }).seq).toBe(1);
    expect(outbox.add({ type: "output", run_id: 1, text: "b" }).seq).toBe(2);
    outbox.add(ended(1));
    expect(outbox.acknowledge(1)).toEqual([]);
    expect(outbox.unacknowledged().map((report) => report.seq)).toEqual([2, 3]);
  });

  it("tells which jobs' ends were acknowledged, and ignores an old acknowledgement", () => {
    const outbox = new Outbox();
    outbox.add(ended(7));
    outbox.add({ type: "output", run_id: 8, text: "x" });
    outbox.add(ended(8));
    expect(outbox.acknowledge(2)).toEqual([7]);
    expect(outbox.acknowledge(1)).toEqual([]);
    expect(outbox.acknowledge(3)).toEqual([8]);
    expect(outbox.unacknowledged()).toEqual([]);
  });

  it("counts the characters of output it keeps, until they are acknowledged", () => {
    const outbox = new Outbox();
    outbox.add({ type: "output", run_id: 1, text: "abc" });
    outbox.add(ended(2));
    outbox.add({ type: "output", run_id: 1, text: "de" });
    expect(outbox.outputCharacters).toBe(5);
    outbox.acknowledge(2);
    expect(outbox.outputCharacters).toBe(2);
    outbox.acknowledge(3);
    expect(outbox.outputCharacters).toBe(0);
  });
});
