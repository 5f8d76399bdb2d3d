import { describe, expect, it } from "vitest";
import { availableActions } from "./available-actions";
import { displayGroup } from "./status-label";

describe("availableActions", () => {
  it.each([
    [1693, "JOBS", ["release", "cancel"]],
    [1550, "JOBS", ["cancel"]],
    [1560, "JOBP", ["cancel"]],
    [1698, "JOBS", ["cancel"]],
    [1700, "JOBS", []],
    [1550, "SCRI", []],
    [1900, "JOBS", ["restart"]],
    [1851, "JOBP", ["restart"]],
    [1850, "C_PERIOD", []],
    [1550, "C_PERIOD", ["cancel"]],
  ])("status %i of a %s: %j", (status, type, expected) => {
    expect(availableActions({ status, type })).toEqual(expected);
  });
});

describe("displayGroup", () => {
  it.each([
    [1550, "active"],
    [1684, "waiting"],
    [1693, "waiting"],
    [1698, "waiting"],
    [1560, "blocked"],
    [1800, "abend"],
    [1856, "abend"],
    [1820, "fault"],
    [1822, "fault"],
    [1850, "cancel"],
    [1851, "cancel"],
    [1900, "ok"],
    [1920, "inactive"],
    [1921, "inactive"],
    [1930, "skipped"],
    [1941, "skipped"],
    [4711, "unknown"],
  ])("%i → %s", (status, group) => {
    expect(displayGroup(status)).toBe(group);
  });
});
