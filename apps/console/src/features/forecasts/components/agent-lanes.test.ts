import { describe, expect, it } from "vitest";
import { buildAgentLanes } from "./agent-lanes";

const range = { start: Date.parse("2026-05-01T00:00:00Z"), end: Date.parse("2026-05-02T00:00:00Z") };
const at = (hour: number): number => range.start + hour * 3_600_000;

describe("buildAgentLanes", () => {
  it("fills what lies between the gaps with busy segments", () => {
    const [lane] = buildAgentLanes(
      [{ agent: "A1", slots: [{ from: "2026-05-01T06:00:00Z", to: "2026-05-01T12:00:00Z", duration: "PT6H" }, { from: "2026-05-01T18:00:00Z", to: "2026-05-02T00:00:00Z", duration: "PT6H" }] }],
      range,
    );
    expect(lane?.segments.map((s) => [s.kind, s.x0, s.x1, s.duration])).toEqual([
      ["busy", 0, 0.25, undefined],
      ["gap", 0.25, 0.5, "PT6H"],
      ["busy", 0.5, 0.75, undefined],
      ["gap", 0.75, 1, "PT6H"],
    ]);
    expect(lane?.free).toBe(12 * 3_600_000);
  });

  it("shows an idle agent as one gap and an agent without gaps as busy", () => {
    const lanes = buildAgentLanes(
      [
        { agent: "IDLE", slots: [{ from: "2026-05-01T00:00:00Z", to: "2026-05-02T00:00:00Z", duration: "P1D" }] },
        { agent: "FULL", slots: [] },
      ],
      range,
    );
    expect(lanes.map((l) => [l.agent, l.segments.map((s) => [s.kind, s.start, s.end])])).toEqual([
      ["IDLE", [["gap", at(0), at(24)]]],
      ["FULL", [["busy", at(0), at(24)]]],
    ]);
  });

  it("cuts gaps to the range and merges overlapping ones", () => {
    const [lane] = buildAgentLanes(
      [
        {
          agent: "A1",
          slots: [
            { from: "2026-05-01T20:00:00Z", to: "2026-05-02T04:00:00Z", duration: "PT8H" },
            { from: "2026-04-30T20:00:00Z", to: "2026-05-01T02:00:00Z", duration: "PT6H" },
            { from: "2026-05-01T01:00:00Z", to: "2026-05-01T03:00:00Z", duration: "PT2H" },
          ],
        },
      ],
      range,
    );
    expect(lane?.segments.map((s) => [s.kind, s.start, s.end])).toEqual([
      ["gap", at(0), at(3)],
      ["busy", at(3), at(20)],
      ["gap", at(20), at(24)],
    ]);
  });
});
