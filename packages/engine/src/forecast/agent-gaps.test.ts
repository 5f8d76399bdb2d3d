import { describe, expect, it } from "vitest";
import { agentGaps, type Interval } from "./agent-gaps";

const H = 3_600_000;
const span = (from: number, to: number): Interval => ({ from: from * H, to: to * H });

describe("agentGaps", () => {
  it.each<[string, Interval[], Interval, number, Interval[]]>([
    ["an idle agent has one gap over the whole range", [], span(0, 24), 0, [span(0, 24)]],
    ["gaps around one busy period", [span(2, 3)], span(0, 24), 0, [span(0, 2), span(3, 24)]],
    ["overlapping busy periods merge", [span(2, 5), span(4, 6)], span(0, 10), 0, [span(0, 2), span(6, 10)]],
    ["touching busy periods leave no gap", [span(2, 4), span(4, 6)], span(0, 10), 0, [span(0, 2), span(6, 10)]],
    ["busy across the range edges", [span(-2, 1), span(9, 12)], span(0, 10), 0, [span(1, 9)]],
    ["busy wholly outside the range", [span(-5, -1), span(11, 12)], span(0, 10), 0, [span(0, 10)]],
    ["a busy period covering everything", [span(-1, 11)], span(0, 10), 0, []],
    ["unsorted input", [span(6, 7), span(1, 2)], span(0, 10), 0, [span(0, 1), span(2, 6), span(7, 10)]],
    ["min_duration drops short gaps", [span(1, 2), span(2.5, 3)], span(0, 10), H, [span(0, 1), span(3, 10)]],
    ["a gap exactly min_duration long stays", [span(1, 2)], span(0, 3), H, [span(0, 1), span(2, 3)]],
  ])("%s", (_name, busy, range, min, expected) => {
    expect(agentGaps(busy, range, min)).toEqual(expected);
  });
});
