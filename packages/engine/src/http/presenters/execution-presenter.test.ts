import { Status } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { newExecution } from "../../testing/new-execution";
import { presentExecution, presentRecurring } from "./execution-presenter";

describe("presentExecution", () => {
  const waiting = (dueAt: number) => presentExecution({ ...newExecution({ status: Status.WAITING_FOR_START_TIME, dueAt }), runId: 7, statusSince: 0 }, 0);

  it("writes a waiting execution's planned start", () => {
    expect(waiting(Date.parse("2026-11-27T22:38:49Z")).planned_start_time).toBe("2026-11-27T22:38:49Z");
  });

  // Planned by an earlier version from an interval of P99999999999D: no date-time names it.
  it("leaves out a planned start no date-time can name, rather than failing the list it is in", () => {
    expect(waiting(8_639_999_999_999_999_000).planned_start_time).toBeUndefined();
    expect(waiting(Date.parse("9999-12-31T23:59:59Z") + 1000).planned_start_time).toBeUndefined();
    expect(presentRecurring({ executeInterval: "P99999999999D" }, 1, 8_639_999_999_999_999_000)).toEqual({ execute_interval: "P99999999999D", occur_count: 1 });
  });
});
