import { describe, expect, it } from "vitest";
import type { OutForecastEntry } from "@baton/contract";
import { blockedEntryTexts } from "./blocked-entries";

const T = "2026-05-01T06:00:00Z";
const entry = (id: number, parent: number, name: string, fields: Partial<OutForecastEntry> = {}): OutForecastEntry => ({ id, parent, name, type: "JOBS", ...fields });

describe("blockedEntryTexts", () => {
  it("says which blocked task the untimed tasks of a blocked workflow wait for, and that the workflow has no end", () => {
    const entries = [
      entry(1, 0, "WF", { type: "JOBP", status: 1560, estimated_start: T }),
      entry(2, 1, "WF.A", { status: 1900, estimated_start: T, estimated_end: T }),
      entry(3, 1, "WF.B", { status: 1800, estimated_start: T, estimated_end: T }),
      entry(4, 1, "WF.C"),
      entry(5, 1, "WF.D", { estimated_start: T, estimated_end: T }),
    ];
    expect(blockedEntryTexts(entries)).toEqual(
      new Map([
        [1, "No end: waits for blocked task WF.B"],
        [4, "Waits for blocked task WF.B"],
      ]),
    );
  });

  it("reaches the tasks and the end of the workflows around a blocked nested workflow", () => {
    const entries = [
      entry(1, 0, "OUTER", { type: "JOBP", status: 1550, estimated_start: T }),
      entry(2, 1, "INNER", { type: "JOBP", status: 1560, estimated_start: T }),
      entry(3, 2, "INNER.A", { status: 1800, estimated_start: T, estimated_end: T }),
      entry(4, 2, "INNER.B"),
      entry(5, 1, "OUTER.C"),
    ];
    expect(blockedEntryTexts(entries)).toEqual(
      new Map([
        [1, "No end: waits for blocked task INNER.A"],
        [2, "No end: waits for blocked task INNER.A"],
        [4, "Waits for blocked task INNER.A"],
        [5, "Waits for blocked task INNER.A"],
      ]),
    );
  });

  it("says nothing of a task without times in a workflow that is not blocked, nor of an abnormal end an error branch took", () => {
    const entries = [
      entry(1, 0, "WF", { type: "JOBP", status: 1550, estimated_start: T, estimated_end: T }),
      entry(2, 1, "WF.A", { status: 1800, estimated_start: T, estimated_end: T }),
      entry(3, 1, "WF.NEVER"),
      entry(4, 0, "ALONE"),
    ];
    expect(blockedEntryTexts(entries)).toEqual(new Map());
  });
});
