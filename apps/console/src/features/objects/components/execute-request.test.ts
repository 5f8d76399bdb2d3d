import { describe, expect, it } from "vitest";
import { InExecutionBody } from "@baton/contract";
import { ApiError } from "../../../lib/api-client";
import { executeBody, fieldPath, initialExecuteForm, isoDuration, onceStartHint, problemsByField, type ExecuteForm } from "./execute-request";

const inputs = [
  { promptSet: "PRPT.DAYS", name: "DAYS#", defaultValue: "7" },
  { promptSet: "PRPT.DAYS", name: "MODE#", defaultValue: null },
];
const form = (change: Partial<ExecuteForm>): ExecuteForm => ({ ...initialExecuteForm(), ...change });

describe("executeBody", () => {
  it("starts now with nothing but the object when nothing is set", () => {
    expect(executeBody("NIGHTLY", initialExecuteForm(), [])).toEqual({ objectName: "NIGHTLY", executionOption: "execute" });
  });

  it("sends queue and alias in upper case and every input, typed or its default", () => {
    const body = executeBody("NIGHTLY", form({ queue: " fast_queue ", alias: "nightly.rerun", inputs: { "MODE#": "full" } }), inputs);
    expect(body).toEqual({ objectName: "NIGHTLY", executionOption: "execute", queue: "FAST_QUEUE", alias: "NIGHTLY.RERUN", inputs: { "DAYS#": "7", "MODE#": "full" } });
    expect(InExecutionBody.safeParse(body).success).toBe(true);
  });

  it("starts once at a time at a moment, or now held for release, with a logical date", () => {
    expect(executeBody("NIGHTLY", form({ option: "once", onceAt: "2026-05-01T04:30:00Z", waitForManualRelease: true, logicalTime: "2026-04-30T00:00:00Z" }), []).once).toEqual({
      executionDateTime: "2026-05-01T04:30:00Z",
      useLogicalTime: "2026-04-30T00:00:00Z",
    });
    expect(executeBody("NIGHTLY", form({ option: "once", waitForManualRelease: true }), []).once).toEqual({ waitForManualRelease: true });
  });

  it("writes the recurring rule with the members of the choices made only", () => {
    const recurring = {
      ...initialExecuteForm().recurring,
      description: "Every 15 minutes at work",
      startDate: "2026-05-01",
      end: "count" as const,
      endAfter: "10",
      endDate: "2026-06-01",
      repeatBy: "interval" as const,
      every: "15",
      at: "06:00",
      betweenStart: "08:00",
      betweenEnd: "18:00",
      days: "weekly" as const,
      weekdays: ["mon" as const, "fri" as const],
    };
    const body = executeBody("NIGHTLY", form({ option: "recurring", timezone: "Europe/Vienna", recurring }), []);
    expect(body.recurring).toEqual({
      periodDescription: "Every 15 minutes at work",
      startDate: "2026-05-01",
      endAfterExecutions: 10,
      executeInterval: "PT15M",
      betweenStart: "08:00",
      betweenEnd: "18:00",
      executeWeekly: ["mon", "fri"],
    });
    expect(InExecutionBody.safeParse(body).success).toBe(true);
    const byCalendar = executeBody("NIGHTLY", form({ option: "recurring", recurring: { ...recurring, days: "calendar", calendars: [{ calendar: "cal.work", event: "workdays" }, { calendar: " ", event: "" }] } }), []);
    expect(byCalendar.recurring).toMatchObject({ executeCalendarMatch: "one", executeCalendarList: [{ calendar: "CAL.WORK", event: "WORKDAYS" }] });
  });

  it("writes durations as the API takes them", () => {
    expect([isoDuration("15", "M"), isoDuration("2", "H"), isoDuration("1", "D")]).toEqual(["PT15M", "PT2H", "P1D"]);
  });
});

describe("problemsByField", () => {
  it("puts each refusal at its field and keeps the others for under the form", () => {
    const error = new ApiError(
      400,
      [
        { code: 1, message: "must be HH:MM", details: null, path: "recurring.executeAt" },
        { code: 2, message: "is not a number", details: null, path: "inputs.days#" },
        { code: 3, message: "queue 'NOPE' does not exist in client 100", details: null, path: "queue" },
        { code: 4, message: "Object not found.", details: "Object 'X' does not exist", path: null },
      ],
      "POST",
      "/api/100/executions",
    );
    const { byField, rest } = problemsByField(error, new Set(["queue", "recurring.execute_at", "inputs.DAYS#"]));
    expect(Object.fromEntries(byField)).toEqual({ "recurring.execute_at": "must be HH:MM", "inputs.DAYS#": "is not a number", queue: "queue 'NOPE' does not exist in client 100" });
    expect(rest.map((p) => p.code)).toEqual([4]);
    expect(fieldPath("once.executionDateTime")).toBe("once.execution_date_time");
  });
});

describe("onceStartHint", () => {
  const now = Date.parse("2026-11-27T12:00:00Z");
  it("warns that a time that has passed starts the run at once", () => {
    expect(onceStartHint("2020-01-01T00:00:00Z", now)).toMatch(/^This time has passed: the run starts at once\./);
    expect(onceStartHint("2026-11-27T12:00:00Z", now)).toMatch(/^This time has passed/);
  });
  it("says a time ahead waits for it, and empty starts now", () => {
    expect(onceStartHint("2026-11-27T12:00:01Z", now)).toBe("Local time; empty: now. It waits for its start time (1698).");
    expect(onceStartHint("", now)).toBe("Local time; empty: now. It waits for its start time (1698).");
  });
});
