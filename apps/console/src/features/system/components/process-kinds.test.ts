import { describe, expect, it } from "vitest";
import type { OutHealthCheck } from "@baton/contract";
import { missingProcesses } from "./process-kinds";

const up = { status: "UP", instancesRunning: 1 } as const;
const down = { status: "DOWN", instancesRunning: 0 } as const;
const healthy: OutHealthCheck = { status: "UP", pwp: up, wp: up, jwp: up, jcp: up, rest: up, cp: up };

describe("missing processes", () => {
  it("are none while the engine is healthy", () => {
    expect(missingProcesses(healthy)).toEqual([]);
  });

  it("name the required kinds that are down", () => {
    expect(missingProcesses({ ...healthy, status: "DOWN", pwp: down, cp: down })).toEqual(["PWP", "CP"]);
  });

  it("leave out kinds the engine can run without", () => {
    expect(missingProcesses({ ...healthy, wp: down, rest: down })).toEqual([]);
  });
});
